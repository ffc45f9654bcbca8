"""Scenario questions of notebook 1.2 (coordinator and subagents). Answers are keys: see helpers.widgets.quiz.key()."""
from ...widgets.quiz import Question

QUESTIONS = [
    Question(
        id="1.2.p1",
        title="Relire un découpage avant de lancer",
        stem=("Avant de lancer ses sous-agents sur « l'accès aux soins dans les zones rurales », un coordinateur "
              "écrit son plan : médecins généralistes, pharmacies, hôpitaux de proximité. Rien sur la télémédecine, "
              "le transport des patients ni la prévention. Le rapport doit paraître demain. Que faire de ce plan ?"),
        options={
            "A": "Le lancer tel quel : chaque sous-agent élargira de lui-même sa recherche aux thèmes voisins du "
                 "sien.",
            "B": "Confronter le plan aux dimensions du sujet, et confier chaque pan manquant à un sous-agent de plus.",
            "C": "Le lancer tel quel, et demander à la synthèse de compléter les pans manquants par ses "
                 "connaissances.",
            "D": "Mettre deux sous-agents sur chacun des trois thèmes, pour que la recherche gagne en profondeur.",
        },
        why={
            "A": "Un sous-agent traite ce qu'on lui confie, avec son seul prompt pour contexte : il ignore qu'un "
                 "autre pan du sujet n'a pas de titulaire.",
            "B": "Juste : la couverture se décide au découpage ; un pan que personne ne reçoit n'apparaît nulle part "
                 "ensuite, quelle que soit la qualité des sous-agents.",
            "C": "La synthèse ne combine que ce qu'elle reçoit ; combler les trous sans recherche, c'est écrire sans "
                 "source.",
            "D": "Plus de sous-agents sur les mêmes thèmes approfondit ce qui est déjà couvert et laisse exactement "
                 "les mêmes trous.",
        },
        answer_key="e485f5a1ffc1c065",
    ),
    Question(
        id="1.2.p2",
        title="Ce qui remonte d'un sous-agent",
        stem=("Pour répondre à « quels modules dépendent encore de l'ancienne API ? », un sous-agent d'exploration "
              "lit quarante fichiers et lance une dizaine de recherches. Qu'est-ce qui, de ce travail, parvient au "
              "coordinateur ?"),
        options={
            "A": "Son rapport final, seul : les fichiers lus et les résultats des recherches restent dans la "
                 "conversation du sous-agent.",
            "B": "Toute la conversation du sous-agent, fichiers lus compris, ajoutée à la suite de l'historique du "
                 "coordinateur.",
            "C": "Son rapport final, suivi des résultats bruts de chacun de ses outils, pour que le coordinateur "
                 "puisse tout vérifier.",
            "D": "Rien, tant que le coordinateur n'a pas relu lui-même les quarante fichiers pour confirmer ce que "
                 "dit le rapport.",
        },
        why={
            "A": "Juste : un sous-agent travaille dans sa propre conversation et n'en rend que son dernier message. "
                 "C'est ce qui garde léger le contexte du coordinateur, et c'est pourquoi le rapport doit citer "
                 "lui-même ce dont le coordinateur a besoin (chemins, preuves).",
            "B": "C'est l'inverse du but : confier l'exploration à un sous-agent évite justement que quarante "
                 "fichiers encombrent le coordinateur.",
            "C": "Les résultats d'outils ne remontent pas : si le coordinateur a besoin des preuves, le rapport doit "
                 "les citer.",
            "D": "Le rapport arrive sans que le coordinateur refasse le travail ; il peut le contrôler, mais rien ne "
                 "l'y oblige pour le recevoir.",
        },
        answer_key="0bedead6d244e753",
    ),
    Question(
        id="1.2.p3",
        title="Un seul agent suffit-il ?",
        stem=("Une équipe veut résumer chaque ticket de support en une phrase et lui attribuer une catégorie parmi "
              "huit. Un ticket tient en quelques paragraphes, aucune recherche n'est nécessaire. Quelle "
              "architecture choisir ?"),
        options={
            "A": "Un coordinateur qui confie le résumé et la catégorie à deux sous-agents lancés en parallèle.",
            "B": "Un enchaînement fixe de quatre prompts : lire, résumer, relire le résumé, classer.",
            "C": "Un coordinateur qui lance un sous-agent par ticket, pour isoler le contexte de chacun.",
            "D": "Un seul appel au modèle par ticket, avec la liste des catégories dans le prompt.",
        },
        why={
            "A": "Deux sous-agents pour une tâche courte multiplient les coûts et la latence sans rien apporter : "
                 "ni contexte volumineux à isoler, ni compétences distinctes.",
            "B": "L'enchaînement de prompts sert les tâches prévisibles en plusieurs étapes ; ici une seule étape suffit, "
                 "les trois autres ne font qu'ajouter des appels.",
            "C": "Chaque ticket est déjà une requête indépendante : un coordinateur de plus n'isole rien de plus et "
                 "ajoute un tour d'orchestration par ticket.",
            "D": "Juste : une seule compétence et peu de contexte, c'est le cas d'un agent seul, ici même un seul "
                 "appel. On n'ajoute de l'orchestration que si elle apporte quelque chose.",
        },
        answer_key="47130f6e98978b9d",
    ),
    Question(
        id="1.2.p4",
        title="Un sous-agent en échec",
        stem=("Sur quatre sous-agents de recherche, celui chargé des brevets échoue souvent : le service qu'il "
              "interroge dépasse son délai. Aujourd'hui, le coordinateur abandonne alors tout le rapport. Que "
              "recommander ?"),
        options={
            "A": "Abandonner quand même : un rapport partiel induit en erreur, mieux vaut relancer l'ensemble plus "
                 "tard.",
            "B": "Laisser le sous-agent des brevets confier son volet à un autre sous-agent de recherche, sans passer "
                 "par le coordinateur.",
            "C": "Réessayer dans le sous-agent, puis rendre au coordinateur le partiel et les essais ; le rapport "
                 "signale la lacune.",
            "D": "Retirer les brevets du rapport sans rien dire, pour que le document final reste homogène.",
        },
        why={
            "A": "Tout relancer pour un volet sur quatre gaspille le travail des trois autres, et l'échec a toutes "
                 "les chances de se reproduire.",
            "B": "Les sous-agents ne se parlent pas : tout passe par le coordinateur, au centre, qui garde la vue d'ensemble et une seule "
                 "politique d'erreur.",
            "C": "Juste : récupération locale d'abord, puis remontée de ce qui reste (résultats partiels, essais) "
                 "au coordinateur, qui poursuit et annote la lacune.",
            "D": "Masquer une lacune trompe le lecteur : le rapport doit dire ce qui n'a pas été couvert, pas "
                 "paraître complet.",
        },
        answer_key="c7672ef2c5b28836",
    ),
    Question(
        id="1.2.p5",
        title="Une synthèse qui a un trou",
        stem=("Le coordinateur d'une étude sur la rénovation énergétique des logements relit la synthèse : elle ne dit "
              "rien du financement des travaux, que son brief exige pourtant. Tous les sous-agents ont réussi leur "
              "tâche. Que fait un bon coordinateur ?"),
        options={
            "A": "Il confie une recherche ciblée sur le financement à un sous-agent, puis refait la synthèse avec ce rapport.",
            "B": "Il demande au sous-agent de synthèse de compléter le volet financement à partir de ce qu'il sait déjà.",
            "C": "Il livre la synthèse en l'état : chaque sous-agent a réussi, le manque ne vient donc d'aucun d'eux.",
            "D": "Il relance tous les sous-agents avec les mêmes consignes, en leur demandant d'être plus exhaustifs.",
        },
        why={
            "A": "Juste : c'est la boucle d'affinage ; relire la synthèse, confier une recherche ciblée pour chaque "
                 "manque, puis refaire la synthèse, jusqu'à couvrir le brief.",
            "B": "Le sous-agent de synthèse n'a reçu aucun constat sur le financement : ce qu'il écrirait n'aurait pas "
                 "de source.",
            "C": "Le manque vient du découpage, et c'est au coordinateur de le rattraper : livrer en l'état ne "
                 "respecte pas le brief.",
            "D": "Les mêmes consignes donnent les mêmes volets : personne n'est chargé du financement, qui manquera "
                 "encore.",
        },
        answer_key="8442a7943fc44813",
    ),
    Question(
        id="1.2.p6",
        title="Deux consignes qui se recouvrent",
        stem=("Pour un rapport sur les énergies renouvelables, un coordinateur confie « l'énergie solaire » à un "
              "sous-agent et « les installations sur les toits » à un autre. Les deux rapports se répètent largement, "
              "et l'éolien en mer n'apparaît nulle part. Que corriger ?"),
        options={
            "A": "Rien d'essentiel : deux sous-agents qui se recoupent confirment mutuellement leurs constats.",
            "B": "Laisser les deux sous-agents se concerter directement pour se partager le travail avant de commencer.",
            "C": "Retirer les doublons au moment de la synthèse, pour que le rapport ne répète pas deux fois la même chose.",
            "D": "Redécouper le sujet en volets disjoints (par filière, ou par type de source) qui couvrent tout le sujet.",
        },
        why={
            "A": "Le recoupement coûte deux fois le même travail et ne vérifie rien : les deux sous-agents peuvent "
                 "s'appuyer sur les mêmes sources, et les volets oubliés restent oubliés.",
            "B": "Dans une architecture en étoile, les sous-agents ne se parlent pas : c'est au coordinateur de "
                 "répartir le travail.",
            "C": "Dédoublonner traite le symptôme : l'éolien en mer, que personne n'a reçu, manque toujours.",
            "D": "Juste : des volets sans recouvrement évitent le travail en double, et un découpage pensé pour tout "
                 "couvrir ne laisse pas de filière sans sous-agent.",
        },
        answer_key="2237639db0a01ff3",
    ),
]
