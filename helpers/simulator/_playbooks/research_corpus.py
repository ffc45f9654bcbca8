"""What the simulated research subagents « find »: fictitious sources for the course's topics (TS 1.2, 1.3).

Data only, tried in order (the more specific entries first). Each entry names the words that
select it (each matched at the start of a word, in the subtopic first, then the topic) and its
findings: web findings carry a `source_url`, internal documents a `document_name` and a
`page_number`. Every URL is under exemple.org and every document is invented: the lessons say so.
Unknown topics get generic findings built from their own words (see research.py).
"""
from __future__ import annotations

# (words that select the entry, [(claim, source_url, document_name, page_number, confidence)])
CORPUS: list[tuple[tuple[str, ...], list[tuple[str, str | None, str | None, int | None, str]]]] = [
    (("cargo",), [
        ("Les vélos-cargos remplacent une part des livraisons en camionnette sur les trajets courts.",
         "https://exemple.org/mobilite/velos-cargos", None, None, "medium"),
    ]),
    (("vélo", "velo", "cyclable", "cycliste"), [
        ("Les pistes cyclables séparées de la chaussée attirent davantage de nouveaux cyclistes que les bandes "
         "peintes.", "https://exemple.org/mobilite/pistes-separees", None, None, "high"),
        ("Le stationnement sécurisé près des gares est le premier frein cité par les cyclistes occasionnels.",
         None, "enquete-usagers-velo.pdf", 14, "medium"),
    ]),
    (("trottinette",), [
        ("Les flottes de trottinettes en libre-service se concentrent dans les hypercentres.",
         "https://exemple.org/mobilite/trottinettes-flottes", None, None, "medium"),
        ("La durée de vie des trottinettes partagées s'est allongée avec les modèles à batterie amovible.",
         None, "bilan-operateurs-micromobilite.pdf", 7, "low"),
    ]),
    (("transport en commun", "transports en commun", "bus", "tram", "métro", "metro"), [
        ("Le cadencement élevé compte plus que la vitesse commerciale dans le choix du tramway.",
         "https://exemple.org/mobilite/cadencement", None, None, "high"),
        ("Les lignes de bus à haut niveau de service coûtent moins cher à construire qu'un tramway.",
         None, "etude-comparative-tcsp.pdf", 31, "medium"),
    ]),
    (("voiture partagée", "autopartage", "covoiturage", "voiture"), [
        ("Un véhicule en autopartage remplace plusieurs voitures particulières dans les quartiers denses.",
         "https://exemple.org/mobilite/autopartage", None, None, "medium"),
        ("Les voies réservées au covoiturage restent peu contrôlées.", None, "note-voies-reservees.pdf", 3,
         "low"),
    ]),
    (("logistique", "livraison", "dernier kilomètre", "dernier kilometre"), [
        ("Les espaces logistiques urbains réduisent les kilomètres parcourus par les livreurs.",
         "https://exemple.org/mobilite/espaces-logistiques", None, None, "medium"),
        ("Les créneaux de livraison nocturnes se heurtent aux règles sur le bruit.", None,
         "rapport-fret-urbain.pdf", 22, "medium"),
    ]),
    (("batter", "lithium", "recycl"), [
        ("Les procédés hydrométallurgiques récupèrent davantage de nickel et de cobalt que la pyrométallurgie.",
         "https://exemple.org/batteries/hydrometallurgie", None, None, "high"),
        ("La collecte des batteries de trottinettes et de vélos reste le maillon faible de la filière.",
         "https://exemple.org/batteries/collecte-petites-batteries", None, None, "medium"),
        ("Le démontage manuel des packs représente l'essentiel du coût de préparation avant recyclage.",
         None, "audit-atelier-demontage.pdf", 12, "medium"),
        ("Le stockage des batteries endommagées impose des zones isolées contre l'emballement thermique.",
         None, "procedure-securite-stockage.pdf", 4, "high"),
    ]),
]
