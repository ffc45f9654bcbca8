"""Scenario questions of notebook 1.6 (decomposing complex work). Answers are keys: see helpers.widgets.quiz.key()."""
from ...widgets.quiz import Question

QUESTIONS = [
    Question(
        id="1.6.p1",
        title="Reconnaître la dilution",
        stem=("Un agent vérifie en une seule passe les quarante fiches d'un catalogue (allergènes, origine, poids). "
              "Laquelle de ces observations signale une dilution de l'attention, plutôt qu'un autre défaut ?"),
        options={
            "A": "Aucune fiche n'est contrôlée sur l'origine, ni au début ni à la fin de la liste.",
            "B": "La réponse s'arrête à la fiche 31, au milieu d'une phrase, avec stop_reason à max_tokens.",
            "C": "Les remarques se raréfient et deviennent vagues vers la fin, sans que les dernières fiches soient "
                 "meilleures.",
            "D": "Deux exécutions sur les mêmes fiches formulent autrement leurs remarques, sur les mêmes défauts.",
        },
        why={
            "A": "Un contrôle absent partout vient de la consigne (la règle manque ou reste floue), pas de la "
                 "longueur de la passe.",
            "B": "C'est une troncature : la sortie a atteint son plafond. Le remède est de relever max_tokens ou de "
                 "demander la suite, pas de découper.",
            "C": "Juste : la qualité baisse avec la position dans la passe, pas avec les fiches ; trop d'éléments se "
                 "partagent l'attention d'un seul appel.",
            "D": "Une formulation qui varie d'une exécution à l'autre est normale ; les mêmes défauts sont trouvés, "
                 "rien n'est dilué.",
        },
        answer_key="651c03c928528402",
    ),
    Question(
        id="1.6.p2",
        title="Enchaînement de prompts ou décomposition dynamique",
        stem=("Parmi ces quatre tâches confiées à un agent, laquelle appelle une décomposition dynamique (un plan "
              "qui se construit et se corrige en avançant) plutôt qu'une chaîne d'étapes fixée d'avance ?"),
        options={
            "A": "Chaque lundi, extraire les tickets de la semaine, les classer par équipe, puis rédiger le résumé.",
            "B": "Écrire des tests pour un vieux dépôt dont personne ne connaît plus les modules ni les dépendances.",
            "C": "Relire chaque fichier d'une pull request, puis vérifier la cohérence des fichiers entre eux.",
            "D": "Traduire une fiche produit en trois langues, puis faire relire chaque traduction par un second appel.",
        },
        why={
            "A": "Les étapes sont connues et identiques d'une semaine à l'autre : un enchaînement de prompts donne des résultats "
                 "stables et comparables.",
            "B": "Juste : les sous-tâches dépendent de ce qu'on découvre (modules sans tests, dépendances cachées) ; "
                 "il faut cartographier, prioriser, puis adapter le plan.",
            "C": "C'est l'exemple type d'enchaînement de prompts : passes locales, puis intégration, dans cet ordre, à chaque fois.",
            "D": "Traduire puis relire : deux étapes prévisibles, décidées d'avance. Rien n'émerge en cours de route.",
        },
        answer_key="296472a300b504ce",
    ),
    Question(
        id="1.6.p3",
        title="Ce que reçoit la passe d'intégration",
        stem=("Dans l'exercice de ce notebook, les passes locales renvoient, pour chaque fichier, ses constats et son "
              "interface (ce qu'il exporte, ce qu'il importe et comment il l'appelle). Que doit recevoir la passe "
              "d'intégration dans cet exercice ?"),
        options={
            "A": "Pour chaque fichier, son chemin, ses constats locaux et son interface, sans le code lui-même.",
            "B": "Le texte complet de tous les fichiers, pour qu'elle ne manque aucun détail des passes locales.",
            "C": "La seule liste des chemins de fichiers : elle saura d'elle-même où chercher les incohérences.",
            "D": "Les constats des seuls fichiers où un défaut a été trouvé, afin de garder un prompt court.",
        },
        why={
            "A": "Juste : c'est le résumé structuré de chaque fichier ; l'intégration compare les interfaces sans "
                 "relire le code, donc sans retomber dans une passe unique diluée.",
            "B": "Dans cet exercice, l'intégration travaille sur les résultats locaux ; lui renvoyer le code de "
                 "tous les fichiers recréerait la passe unique diluée. D'autres conceptions lui joignent le code de "
                 "quelques fichiers qui interagissent, pas celui de tous.",
            "C": "Sans interfaces, il n'y a rien à comparer : un appel qui ne correspond pas à sa définition reste "
                 "invisible.",
            "D": "Un fichier sans défaut local peut très bien être la moitié d'un défaut entre fichiers : son "
                 "interface compte autant que les autres.",
        },
        answer_key="2f9f46294d51aebf",
    ),
    Question(
        id="1.6.p4",
        title="Un sous-agent intégré pour relire",
        stem=("Sur le CLI épinglé, un coordinateur de revue confie chaque fichier d'une pull request au sous-agent "
              "intégré Explore, un appel par fichier. Les rapports localisent bien le code, mais ne signalent "
              "presque aucun défaut. Qu'est-ce qui l'explique ?"),
        options={
            "A": "Un sous-agent ne voit pas les fichiers du dépôt : seul le coordinateur y a accès.",
            "B": "Les défauts ne se trouvent que dans la passe d'intégration, jamais dans une passe locale.",
            "C": "Explore n'a pas l'outil Read : il ne voit que le nom des fichiers, jamais leur contenu.",
            "D": "La description d'Explore le destine à localiser du code, pas à l'auditer : il faut un relecteur défini.",
        },
        why={
            "A": "Un sous-agent qui a Read, Grep ou Glob lit le dépôt lui-même ; c'est ainsi qu'Explore a localisé le "
                 "code.",
            "B": "Chaque passe locale trouve les défauts de son fichier ; l'intégration cherche ce qui se joue entre "
                 "les fichiers.",
            "C": "Explore est un agent de lecture (recherche en lecture seule) : c'est l'usage qu'il fait de sa lecture, "
                 "localiser sur des extraits, qui ne convient pas à une revue.",
            "D": "Juste, observé sur le CLI épinglé : la description d'Explore, envoyée au modèle avec chaque requête, "
                 "le réserve à localiser du code et l'écarte des revues : il lit des extraits plutôt que des fichiers entiers. Une revue demande un sous-agent "
                 "défini pour elle (AgentDefinition), qui lit tout le fichier.",
        },
        answer_key="d204174f2eb024c6",
    ),
    Question(
        id="1.6.p5",
        title="Enquêter sur une latence",
        stem=("Depuis mardi, le temps de réponse d'un service de réservation a doublé, sans cause connue. Vous "
              "confiez l'enquête à un agent coordinateur. Quelle décomposition choisir ?"),
        options={
            "A": "Un enchaînement fixe de cinq étapes (processeur, mémoire, base, réseau, cache), le même à chaque incident.",
            "B": "Une première passe qui rassemble traces et métriques, puis des sous-tâches tirées de ce qu'elle montre.",
            "C": "Un sous-agent par composant de l'architecture, tous lancés dès le départ, puis une synthèse commune.",
            "D": "Une seule requête qui reçoit toutes les traces de la semaine, pour voir l'ensemble d'un seul coup.",
        },
        why={
            "A": "Un enchaînement fixe convient quand la structure du travail est connue ; ici, la cause peut se "
                 "trouver hors des cinq cases prévues, et rien ne permettrait de changer de route.",
            "B": "Juste : c'est une enquête ouverte ; la cartographie initiale fait apparaître les pistes, et le plan "
                 "se révise à mesure que les découvertes s'enchaînent.",
            "C": "Le découpage est fixé avant de rien savoir : on paie un sous-agent par composant, et une cause qui "
                 "traverse deux composants reste entre deux rapports.",
            "D": "Une semaine de traces en une passe, c'est la dilution de l'attention : les signaux faibles de la "
                 "fin passent inaperçus.",
        },
        answer_key="0cd62f60ef0d80fb",
    ),
]
