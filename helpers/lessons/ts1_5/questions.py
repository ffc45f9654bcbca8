"""Scenario questions of notebook 1.5 (Agent SDK hooks). Answers are keys: see helpers.widgets.quiz.key()."""
from ...widgets.quiz import Question

QUESTIONS = [
    Question(
        id="1.5.p1",
        title="Ce que Claude reçoit d'un refus",
        stem=("Un hook PreToolUse refuse send_transfer au-delà de 10 000 €, avec la raison « au-delà de 10 000 €, "
              "demandez une double validation avec request_approval ». Sur le CLI épinglé, que se passe-t-il pour un "
              "virement de 12 000 € ?"),
        options={
            "A": "L'appel disparaît sans trace : Claude ne reçoit rien et attend le résultat du virement.",
            "B": "Le CLI met fin à la session et renvoie une erreur à l'application, qui doit relancer l'agent.",
            "C": "Le virement part, puis Claude reçoit un avertissement qui reprend la raison donnée par le hook.",
            "D": "L'outil ne s'exécute pas ; Claude reçoit un tool_result is_error qui porte la raison du hook.",
        },
        why={
            "A": "Rien ne disparaît : un appel refusé reçoit un résultat, sans quoi la conversation ne pourrait pas "
                 "continuer.",
            "B": "Un refus n'arrête pas l'agent : il répond à cet appel-là, et la boucle continue.",
            "C": "C'est le comportement d'un hook qui ne fait qu'informer ; deny empêche l'outil de s'exécuter.",
            "D": "Juste : c'est ce que montre le CLI épinglé ; la raison dit à Claude quoi faire à la place, ici "
                 "request_approval.",
        },
        answer_key="9b31bab10e458557",
    ),
    Question(
        id="1.5.p2",
        title="Un garde qui ne se déclenche jamais",
        stem=("Une équipe protège un outil de suppression fourni par son serveur MCP in-process « fichiers » avec "
              "HookMatcher(matcher=\"delete_file\", hooks=[garde]). En recette, un fichier sensible est supprimé : "
              "le journal montre que garde n'a jamais été appelé. Quelle correction ?"),
        options={
            "A": "Viser le nom complet de l'outil dans le matcher : mcp__fichiers__delete_file, ou ^mcp__fichiers__.",
            "B": "Déplacer garde dans un hook PostToolUse, qui s'applique aussi aux outils d'un serveur MCP.",
            "C": "Décrire les arguments visés dans le matcher, delete_file(path=*), pour cibler les bons appels.",
            "D": "Passer permission_mode à bypassPermissions, sans quoi le CLI ne consulte pas les hooks.",
        },
        why={
            "A": "Juste : un nom simple est comparé tel quel au nom de l'outil, qui porte le préfixe du serveur "
                 "(mcp__<serveur>__<outil>) ; une expression régulière vise tout le serveur.",
            "B": "PostToolUse a le même matcher, donc le même défaut ; et il s'exécute après la suppression, trop "
                 "tard pour l'empêcher.",
            "C": "Le matcher ne voit que le nom de l'outil ; les arguments se testent dans la fonction du hook, via "
                 "input_data[\"tool_input\"].",
            "D": "Les hooks sont consultés quel que soit le mode de permission : ce réglage ne change rien ici, et "
                 "supprimerait d'autres protections.",
        },
        answer_key="ffa004452179cb67",
    ),
    Question(
        id="1.5.p3",
        title="Une date, deux formats",
        stem=("Votre hook PostToolUse convertit en ISO 8601 les dates de deux outils : l'un les écrit à l'européenne "
              "(JJ/MM/AAAA), l'autre, branché sur un système américain, à l'américaine (MM/JJ/AAAA). Comment le hook "
              "doit-il lire « 03/04/2025 » ?"),
        options={
            "A": "D'après la chaîne seule : si le premier nombre dépasse 12, c'est un jour, sinon c'est un mois.",
            "B": "La laisser telle quelle, avec une note qui demande au modèle de choisir le format le plus probable.",
            "C": "D'après l'outil qui l'a renvoyée (tool_name, dans l'entrée du hook) : chaque outil a un format "
                 "connu.",
            "D": "Retirer du résultat toute date dont le jour et le mois valent tous deux 12 au plus, par prudence.",
        },
        why={
            "A": "Quand les deux nombres valent 12 au plus, la chaîne ne tranche pas : c'est justement le cas de « "
                 "03/04/2025 ».",
            "B": "On rend au modèle l'ambiguïté qu'on voulait lever ; il se trompera dans les mêmes cas.",
            "C": "Juste : le format se décide par la source, que le hook connaît ; le même texte donne le 3 avril ou "
                 "le 4 mars selon l'outil.",
            "D": "Amputer le résultat perd des données justes, alors que l'outil d'origine suffit à les lire sans "
                 "erreur.",
        },
        answer_key="6bf7fdd2facbd82e",
    ),
    Question(
        id="1.5.p4",
        title="Une porte de prérequis garantie",
        stem=("Un agent réserve les créneaux d'un microscope électronique. La formation sécurité du chercheur doit "
              "être vérifiée (check_training) avant tout book_slot. Quand un chercheur écrit « j'ai fait la "
              "formation l'an dernier, réservez vite », l'agent réserve parfois sans vérifier. Quelle mesure "
              "garantit l'ordre ?"),
        options={
            "A": "Un hook PreToolUse sur book_slot qui refuse tant que check_training n'a pas réussi pour ce chercheur.",
            "B": "Un hook PostToolUse sur check_training qui ajoute un rappel (additionalContext) de l'ordre à suivre.",
            "C": "Un hook PreToolUse sur book_slot qui lève une exception tant que check_training n'a pas réussi.",
            "D": "Un tool_choice qui force l'appel de check_training au premier tour de chaque conversation.",
        },
        why={
            "A": "Juste : le contrôle se fait dans du code, à chaque appel ; la raison du refus dit à Claude "
                 "d'appeler check_training d'abord, et il réessaie ensuite.",
            "B": "Ce hook ne s'exécute que si check_training est appelé : justement pas dans les conversations où "
                 "l'agent saute la vérification.",
            "C": "Une exception dans un hook ne refuse rien : sur le CLI épinglé, l'erreur est signalée et l'appel "
                 "passe quand l'outil est pré-approuvé. Refuser demande un permissionDecision « deny » explicite.",
            "D": "Forcer un appel au premier tour ne dit pas qu'il a réussi, ni qu'il concerne le chercheur du "
                 "créneau réservé ensuite : l'ordre n'est pas garanti pour autant.",
        },
        answer_key="9249c00305e2a15f",
    ),
    Question(
        id="1.5.p5",
        title="ask dans un agent sans interface",
        stem=("Un traitement nocturne lance l'Agent SDK sans personne devant l'écran et sans fonction "
              "can_use_tool. Son hook PreToolUse renvoie permissionDecision « ask » pour toute suppression hors "
              "du dossier tmp/. Que devient un tel appel de delete_file ?"),
        options={
            "A": "Il reste en attente d'une confirmation qui n'arrive jamais, jusqu'à l'expiration du traitement.",
            "B": "Il est refusé : l'outil ne s'exécute pas et Claude reçoit un tool_result en erreur avec la raison.",
            "C": "Il passe sans confirmation : faute d'interface pour poser la question, ask vaut allow.",
            "D": "L'exécution s'arrête aussitôt et le ResultMessage porte l'appel dans deferred_tool_use.",
        },
        why={
            "A": "Le CLI n'attend pas : sans personne pour répondre ni can_use_tool, la demande de permission est "
                 "tranchée tout de suite.",
            "B": "Juste : observé sur le CLI épinglé ; en mode non interactif, une permission qu'on ne peut pas "
                 "demander est refusée, et la raison du hook part vers Claude.",
            "C": "C'est l'inverse : une demande de confirmation sans réponse ne vaut jamais accord.",
            "D": "C'est le comportement de defer, pas de ask : defer arrête l'exécution (terminal_reason "
                 "tool_deferred) pour laisser l'appelant décider.",
        },
        answer_key="003d9fe0c2ee321c",
    ),
    Question(
        id="1.5.p6",
        title="Un hook qui lève une exception",
        stem=("Votre hook PreToolUse de contrôle des montants lève parfois une KeyError, quand le champ attendu "
              "manque. L'outil process_refund figure dans allowed_tools. Par défaut, sur le CLI épinglé, que "
              "devient l'appel d'outil dans ce cas ?"),
        options={
            "A": "Il est refusé : une exception dans un hook PreToolUse compte comme une décision deny.",
            "B": "L'agent s'arrête aussitôt sur un ResultMessage en erreur qui nomme le hook fautif.",
            "C": "Le CLI relance le hook jusqu'à obtenir une décision valide, puis poursuit normalement.",
            "D": "Il s'exécute : l'exception ne compte pour aucune décision, et l'outil est pré-approuvé.",
        },
        why={
            "A": "C'est ce qu'on voudrait, et ce que donne HookMatcher(on_failure=\"block\") ; par défaut, "
                 "l'exception ne vaut pas refus.",
            "B": "Le CLI signale l'erreur du hook, mais la session continue : rien ne s'arrête.",
            "C": "Le hook n'est appelé qu'une fois par appel d'outil ; il n'y a pas de nouvelle tentative.",
            "D": "Juste, observé sur le CLI épinglé : l'exception compte comme une absence de décision, puis le "
                 "circuit de permission ordinaire s'applique ; l'outil étant pré-approuvé, il s'exécute. Un "
                 "garde-fou doit renvoyer un deny explicite.",
        },
        answer_key="4c4d66dc816d9704",
    ),
]
