"""Scenario questions of notebook 1.7 (sessions). Answers are keys: see helpers.widgets.quiz.key()."""
from ...widgets.quiz import Question

QUESTIONS = [
    Question(
        id="1.7.p1",
        title="Repartir après des changements",
        stem=("Hier, une session nommée audit-paiements a passé en revue une quarantaine de modules. Ce matin, une "
              "collègue a réécrit deux modules centraux sur lesquels reposaient plusieurs conclusions. Comment "
              "reprendre le travail ?"),
        options={
            "A": "claude --resume audit-paiements, puis demander à Claude de relire les deux modules réécrits.",
            "B": "claude --resume audit-paiements --fork-session, pour travailler sans toucher à la session d'hier.",
            "C": "Une session neuve, amorcée par les constats encore valides et la liste des deux modules à relire.",
            "D": "Une session neuve, sans contexte, qui refait l'analyse complète des quarante modules.",
        },
        why={
            "A": "Les lectures d'hier restent dans l'historique à côté des nouvelles, et continuent de peser sur les "
                 "conclusions : la reprise mélange deux états du code.",
            "B": "Un fork copie tout l'historique, anciennes lectures comprises : il hérite des mêmes résultats "
                 "périmés que la session d'origine.",
            "C": "Juste : le résumé emporte ce qui reste vrai et laisse derrière lui les résultats d'outils "
                 "périmés ; la nouvelle session relit seulement ce qui a changé.",
            "D": "Le résultat serait juste, mais au prix de tout refaire : trente-huit modules n'ont pas changé et "
                 "leurs constats restent valables.",
        },
        answer_key="8eb5a4fee84ffc54",
    ),
    Question(
        id="1.7.p2",
        title="Comparer deux approches",
        stem=("À partir d'une même session d'analyse d'un monolithe, vous voulez explorer deux plans de migration "
              "(tout d'un coup, ou service par service) sans que l'un n'influence l'autre. Que faites-vous ?"),
        options={
            "A": "Deux forks de la session d'analyse (resume + fork_session), un plan de migration dans chacun.",
            "B": "Deux reprises successives de la session d'analyse, un plan après l'autre, dans le même historique.",
            "C": "Deux sessions neuves et vides, une par plan, pour qu'aucune ne parte d'un biais commun.",
            "D": "Une seule session qui rédige les deux plans l'un après l'autre, puis les compare elle-même.",
        },
        why={
            "A": "Juste : chaque fork part de la même base d'analyse et prend son propre identifiant ; ce qui se dit "
                 "dans l'un n'apparaît jamais dans l'autre.",
            "B": "La seconde reprise voit tout le premier plan dans son historique : les deux pistes se "
                 "contaminent.",
            "C": "Des sessions vides perdent l'analyse déjà faite : chacune devrait tout redécouvrir.",
            "D": "Le second plan est écrit sous l'influence du premier, dans le même contexte : aucune isolation.",
        },
        answer_key="e4c48d47f3168ea8",
    ),
    Question(
        id="1.7.p3",
        title="fork_session sans resume",
        stem=("Pour « bifurquer la dernière session », un développeur lance query() avec "
              "ClaudeAgentOptions(fork_session=True), sans resume. Que se passe-t-il sur le CLI épinglé ?"),
        options={
            "A": "Le CLI bifurque la session la plus récente du dossier de travail, comme avec --continue.",
            "B": "Le CLI refuse de démarrer et explique que fork_session exige un identifiant de session.",
            "C": "Le CLI reprend la session la plus récente sans la copier, et l'allonge comme un resume.",
            "D": "Rien n'est bifurqué : une session neuve et vide démarre, sans aucun historique.",
        },
        why={
            "A": "fork_session ne choisit aucune session : il modifie seulement le comportement d'une reprise "
                 "demandée par ailleurs (resume ou continue).",
            "B": "Aucune erreur n'est levée : l'option est simplement sans effet, ce qui rend le bug silencieux.",
            "C": "Sans resume ni continue, aucune session n'est reprise : rien ne s'allonge.",
            "D": "Juste, observé sur le CLI épinglé : fork_session s'ajoute à resume, il ne le remplace pas. Seul, "
                 "on obtient une session vierge qui ignore tout de l'analyse.",
        },
        answer_key="f819d1ab51539455",
    ),
    Question(
        id="1.7.p4",
        title="Ce qu'un fork ne copie pas",
        stem=("Deux forks d'une même session travaillent dans le même dossier. L'un réécrit config.yaml pour la "
              "piste A, l'autre le réécrit pour la piste B. Que contient config.yaml à la fin ?"),
        options={
            "A": "Chaque fork travaille sur sa propre copie du dossier : les deux versions coexistent sans conflit.",
            "B": "La dernière version écrite : un fork branche l'historique de conversation, pas les fichiers.",
            "C": "La version du premier fork : le second ne peut pas écrire tant que la session d'origine existe.",
            "D": "La version d'origine : chaque modification reste dans sa session jusqu'à ce qu'on la fusionne.",
        },
        why={
            "A": "Les sessions ne copient aucun fichier : les deux forks lisent et écrivent le même dossier.",
            "B": "Juste : une session persiste la conversation, pas le système de fichiers. Pour isoler les "
                 "fichiers, il faut d'autres moyens (un dossier ou un worktree par piste, ou le file checkpointing "
                 "pour revenir en arrière).",
            "C": "Rien ne verrouille les fichiers entre sessions : les deux écritures ont lieu.",
            "D": "Une modification de fichier est immédiate et réelle ; la session n'en garde que la trace dans "
                 "l'historique.",
        },
        answer_key="ca213641fee245aa",
    ),
]
