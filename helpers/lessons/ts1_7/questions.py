"""Scenario questions of notebook 1.7 (sessions). Answers are keys: see helpers.widgets.quiz.key()."""
from ...widgets.quiz import Question

QUESTIONS = [
    Question(
        id="1.7.p1",
        title="Ce que porte le résumé",
        stem=("Vous ouvrez une session neuve pour poursuivre l'analyse d'un pipeline de données en cinq étapes ; "
              "trois étapes ont été réécrites depuis l'analyse d'origine. Que doit contenir le premier prompt de "
              "la nouvelle session ?"),
        options={
            "A": "La transcription complète de la session d'origine, pour qu'aucun constat ne se perde en route.",
            "B": "Les constats sur les cinq étapes, ceux des trois étapes réécrites marqués « peut-être périmé ».",
            "C": "Les constats sur les deux étapes inchangées, et la liste des trois étapes réécrites à relire.",
            "D": "La seule question à traiter, pour que la nouvelle session reparte sans aucun a priori.",
        },
        why={
            "A": "Recopier la transcription ramène les lectures périmées dans la nouvelle session : c'est une "
                 "reprise déguisée, avec le même défaut.",
            "B": "Un constat périmé, même signalé comme tel, reste écrit dans le prompt et pèse sur le "
                 "raisonnement ; mieux vaut le laisser derrière et faire relire l'étape.",
            "C": "Juste : le résumé garde ce qui reste vrai, laisse derrière lui ce qui ne l'est plus, et dit ce "
                 "qu'il faut relire avant de conclure.",
            "D": "Les constats sur les deux étapes inchangées sont encore valables : les jeter oblige à refaire "
                 "un travail juste.",
        },
        answer_key="8eb5a4fee84ffc54",
    ),
    Question(
        id="1.7.p2",
        title="Poursuivre une des deux pistes",
        stem=("Hier, vous avez bifurqué deux fois une session d'analyse, une bifurcation par piste. Aujourd'hui, vous "
              "voulez poursuivre la piste B là où elle s'est arrêtée. Que passez-vous au SDK ?"),
        options={
            "A": "resume= avec l'identifiant de la bifurcation B, celui que renvoyait son ResultMessage.",
            "B": "resume= avec le nom de la session d'origine, que la bifurcation B porte elle aussi.",
            "C": "resume= avec l'identifiant de la session d'origine, et fork_session=True.",
            "D": "resume= avec l'identifiant de la bifurcation B, et fork_session=True pour ne pas l'abîmer.",
        },
        why={
            "A": "Juste : chaque bifurcation est une session à part entière, avec son identifiant ; la reprendre par "
                 "cet identifiant retrouve la piste B, et elle seule.",
            "B": "Observé sur le CLI épinglé : une bifurcation reprend le nom de sa session d'origine. Ce nom désigne "
                 "alors plusieurs sessions, et le CLI refuse de choisir.",
            "C": "Cela crée une troisième bifurcation, copiée de l'origine : le travail fait hier sur la piste B n'y est "
                 "pas.",
            "D": "Cela bifurque B au lieu de la poursuivre : la suite irait dans une nouvelle session, et B resterait "
                 "où elle s'est arrêtée hier.",
        },
        answer_key="e4c48d47f3168ea8",
    ),
    Question(
        id="1.7.p3",
        title="fork_session sans resume",
        stem=("Pour « bifurquer la dernière session », un développeur lance query() avec "
              "ClaudeAgentOptions(fork_session=True), sans resume. Que se passe-t-il sur le CLI épinglé ?"),
        options={
            "A": "Le CLI bifurque la session la plus récente du répertoire de travail, comme avec --continue.",
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
        title="Ce qu'une bifurcation ne copie pas",
        stem=("Deux bifurcations d'une même session travaillent dans le même répertoire. L'une réécrit config.yaml pour la "
              "piste A, l'autre le réécrit pour la piste B. Que contient config.yaml à la fin ?"),
        options={
            "A": "Chaque bifurcation travaille sur sa propre copie du répertoire : les deux versions coexistent sans conflit.",
            "B": "La dernière version écrite : une bifurcation copie l'historique de conversation, pas les fichiers.",
            "C": "La version de la première bifurcation : la seconde ne peut pas écrire tant que la session d'origine existe.",
            "D": "La version d'origine : chaque modification reste dans sa session jusqu'à ce qu'on la fusionne.",
        },
        why={
            "A": "Les sessions ne copient aucun fichier : les deux bifurcations lisent et écrivent le même répertoire.",
            "B": "Juste : une session persiste la conversation, pas le système de fichiers. Pour isoler les "
                 "fichiers, il faut d'autres moyens (un répertoire ou un worktree par piste, ou le file checkpointing "
                 "pour revenir en arrière).",
            "C": "Rien ne verrouille les fichiers entre sessions : les deux écritures ont lieu.",
            "D": "Une modification de fichier est immédiate et réelle ; la session n'en garde que la trace dans "
                 "l'historique.",
        },
        answer_key="ca213641fee245aa",
    ),
    Question(
        id="1.7.p5",
        title="Plusieurs questions, une session",
        stem=("Un script Python pose à Claude une question, puis deux questions de suivi qui s'appuient sur les "
              "réponses précédentes. L'équipe veut rester dans une seule session sans manipuler d'identifiant. "
              "Que choisir ?"),
        options={
            "A": "Un ClaudeSDKClient : plusieurs query() successives dans la même session, son historique compris.",
            "B": "Un query() par question, avec fork_session=True pour que chaque réponse reste bien séparée.",
            "C": "Un query() par question, en recopiant à la main les réponses précédentes dans chaque prompt.",
            "D": "Un query() par question, chacun avec session_id= un nouvel identifiant généré au hasard.",
        },
        why={
            "A": "Juste : ClaudeSDKClient garde la session ouverte ; chaque query() suivante s'ajoute au même "
                 "historique, sans identifiant à gérer.",
            "B": "Chaque bifurcation démarre une nouvelle session : les questions de suivi ne seraient plus dans la même "
                 "conversation, et sans resume il n'y a rien à bifurquer.",
            "C": "Recopier l'historique à la main refait, en moins bien, ce que la session fait déjà ; les "
                 "résultats d'outils, eux, seraient perdus.",
            "D": "Un nouvel identifiant à chaque fois, c'est une nouvelle session à chaque fois : aucune question "
                 "ne voit les précédentes.",
        },
        answer_key="12fb9640c9fd719b",
    ),
    Question(
        id="1.7.p6",
        title="Continuer sur une autre machine",
        stem=("Une analyse menée avec l'Agent SDK sur le portable d'une développeuse doit se poursuivre sur le "
              "serveur de CI. Quelle approche fonctionne ?"),
        options={
            "A": "Passer resume= avec l'identifiant : les sessions sont conservées chez Anthropic, accessibles partout.",
            "B": "Un SessionStore qui recopie les transcriptions, ou une session neuve amorcée par un résumé.",
            "C": "Copier le dépôt de code sur le serveur : l'historique de la session voyage avec les fichiers.",
            "D": "continue_conversation=True : le CLI retrouve la dernière session, sur quelque poste que ce soit.",
        },
        why={
            "A": "Les sessions sont des fichiers locaux du CLI : un identifiant seul ne suffit pas sur une machine "
                 "qui ne les a pas.",
            "B": "Juste : sans le fichier local, il faut soit un SessionStore depuis lequel resume reconstitue la "
                 "session, soit un résumé injecté dans une session neuve.",
            "C": "Le dépôt ne contient pas les sessions : elles sont rangées dans le répertoire de configuration du "
                 "CLI, pas dans le projet.",
            "D": "continue_conversation reprend la dernière session du répertoire de travail, sur cette machine ; le "
                 "serveur n'en a aucune.",
        },
        answer_key="8929dd10ce8c5431",
    ),
]
