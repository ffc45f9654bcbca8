"""Scenario questions of notebook 1.6 (decomposing complex work). Answers are keys: see helpers.widgets.quiz.key()."""
from ...widgets.quiz import Question

QUESTIONS = [
    Question(
        id="1.6.p1",
        title="Revue d'une grosse merge request",
        stem=("En intégration continue, un agent relit chaque merge request en un seul appel. Sur une merge request de "
              "30 fichiers, ses remarques sont fouillées pour les premiers fichiers, rares ensuite ; une faille "
              "évidente dans l'avant-dernier fichier passe, et le même motif est signalé dans un fichier puis accepté "
              "dans un autre. Que changer ?"),
        options={
            "A": "Découper la merge request en lots de six fichiers, relus chacun dans un appel séparé.",
            "B": "Passer à un modèle dont la fenêtre de contexte contient sans peine les 30 fichiers d'un coup.",
            "C": "Relire chaque fichier dans sa propre passe, puis confronter les résultats dans une passe commune.",
            "D": "Ajouter au prompt : « accorde exactement la même attention au dernier fichier qu'au premier ».",
        },
        why={
            "A": "Des lots plus petits réduisent la dilution, mais sans passe commune, personne ne voit plus ce qui se "
                 "joue entre deux lots (un appel qui ne correspond plus à sa définition).",
            "B": "Le contenu tenait déjà dans la fenêtre : le problème est la répartition de l'attention sur trop "
                 "d'éléments en une passe, pas la place disponible.",
            "C": "Juste : une passe locale par fichier donne à chacun la même profondeur ; la passe d'intégration, sur "
                 "les résultats locaux, rattrape ce qui relie les fichiers.",
            "D": "Une consigne ne change pas la structure de la tâche : la passe unique reste inégale, seulement "
                 "formulée plus fermement.",
        },
        answer_key="651c03c928528402",
    ),
    Question(
        id="1.6.p2",
        title="Pipeline fixe ou décomposition dynamique",
        stem=("Parmi ces quatre tâches confiées à un agent, laquelle appelle une décomposition dynamique (un plan "
              "qui se construit et se corrige en avançant) plutôt qu'une chaîne d'étapes fixée d'avance ?"),
        options={
            "A": "Chaque lundi, extraire les tickets de la semaine, les classer par équipe, puis rédiger le résumé.",
            "B": "Écrire des tests pour un vieux dépôt dont personne ne connaît plus les modules ni les dépendances.",
            "C": "Relire chaque fichier d'une pull request, puis vérifier la cohérence des fichiers entre eux.",
            "D": "Traduire une fiche produit en trois langues, puis faire relire chaque traduction par un second appel.",
        },
        why={
            "A": "Les étapes sont connues et identiques d'une semaine à l'autre : une chaîne fixe donne des résultats "
                 "stables et comparables.",
            "B": "Juste : les sous-tâches dépendent de ce qu'on découvre (modules sans tests, dépendances cachées) ; "
                 "il faut cartographier, prioriser, puis adapter le plan.",
            "C": "C'est l'exemple type de chaîne fixe : passes locales, puis intégration, dans cet ordre, à chaque fois.",
            "D": "Traduire puis relire : deux étapes prévisibles, décidées d'avance. Rien n'émerge en cours de route.",
        },
        answer_key="296472a300b504ce",
    ),
    Question(
        id="1.6.p3",
        title="Ce que reçoit la passe d'intégration",
        stem=("Vos passes locales renvoient, pour chaque fichier, ses constats et son interface (ce qu'il exporte, ce "
              "qu'il importe et comment il l'appelle). Que doit recevoir la passe d'intégration ?"),
        options={
            "A": "Pour chaque fichier, son chemin, ses constats locaux et son interface, sans le code lui-même.",
            "B": "Le texte complet de tous les fichiers, pour qu'elle ne manque aucun détail des passes locales.",
            "C": "La seule liste des chemins de fichiers : elle saura d'elle-même où chercher les incohérences.",
            "D": "Les constats des seuls fichiers où un défaut a été trouvé, afin de garder un prompt court.",
        },
        why={
            "A": "Juste : c'est le résumé structuré de chaque fichier ; l'intégration compare les interfaces sans "
                 "relire le code, donc sans retomber dans une passe unique diluée.",
            "B": "Renvoyer tout le code recrée la passe unique que l'on voulait éviter : l'attention se dilue à "
                 "nouveau.",
            "C": "Sans interfaces, il n'y a rien à comparer : un appel qui ne correspond pas à sa définition reste "
                 "invisible.",
            "D": "Un fichier sans défaut local peut très bien être la moitié d'un défaut entre fichiers : son "
                 "interface compte autant que les autres.",
        },
        answer_key="2f9f46294d51aebf",
    ),
    Question(
        id="1.6.p4",
        title="Un plan qui doit changer",
        stem=("Un agent chargé d'ajouter des tests a cartographié le dépôt et commencé par le module de paiement, le "
              "plus risqué. Il découvre que ce module appelle une API bancaire externe que rien ne simule. Quelle est "
              "la bonne suite ?"),
        options={
            "A": "Tenir le plan initial : écrire les tests prévus, quitte à ce qu'ils appellent la vraie API.",
            "B": "Retirer le module de paiement du périmètre et passer au module suivant de la liste.",
            "C": "S'arrêter et demander à l'équipe de réécrire le module avant d'écrire le moindre test.",
            "D": "Revoir le plan : construire d'abord une doublure de l'API, puis reprendre les tests du paiement.",
        },
        why={
            "A": "Des tests qui appellent une API réelle sont lents, fragiles et parfois coûteux ; le plan ignorait "
                 "une dépendance qu'il faut maintenant traiter.",
            "B": "Abandonner la zone la plus risquée vide la priorisation de son sens : c'est là que les tests "
                 "comptent le plus.",
            "C": "Rien n'oblige à réécrire le module : une doublure suffit pour le tester tel qu'il est.",
            "D": "Juste : c'est le cœur de la décomposition dynamique ; ce que l'étape a révélé change la suite du "
                 "plan.",
        },
        answer_key="d204174f2eb024c6",
    ),
]
