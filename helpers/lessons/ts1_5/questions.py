"""Scenario questions of notebook 1.5 (Agent SDK hooks). Answers are keys: see helpers.widgets.quiz.key()."""
from ...widgets.quiz import Question

QUESTIONS = [
    Question(
        id="1.5.p1",
        title="Où placer une règle absolue",
        stem=("Une banque en ligne confie des virements à un agent doté d'un outil send_transfer. La conformité "
              "exige qu'aucun virement supérieur à 10 000 € ne parte sans double validation, sans aucune exception. "
              "Où placer cette règle ?"),
        options={
            "A": "Dans le system prompt, en majuscules, avec trois exemples de refus bien rédigés et une mise en "
                 "garde sur les sanctions.",
            "B": "Dans un hook PostToolUse sur send_transfer qui annule le virement quand il dépasse le seuil.",
            "C": "Dans un subagent contrôleur qui relit chaque virement une fois qu'il est parti.",
            "D": "Un hook PreToolUse sur send_transfer : deny au-delà du seuil, avec une raison explicite.",
        },
        why={
            "A": "Un prompt, même appuyé, laisse un taux d'échec non nul ; « sans aucune exception » exige du code.",
            "B": "PostToolUse s'exécute après l'outil : le virement est déjà parti, l'annuler est un autre risque.",
            "C": "Relire après coup constate le problème sans l'empêcher, et ajoute un jugement probabiliste.",
            "D": "Juste : PreToolUse intercepte l'appel avant qu'il s'exécute, et la raison dit à Claude quoi faire "
                 "à la place.",
        },
        answer_key="9b31bab10e458557",
    ),
    Question(
        id="1.5.p2",
        title="Un matcher qui ne se déclenche jamais",
        stem=("Une équipe protège un outil de suppression avec HookMatcher(matcher=\"delete_file\", hooks=[garde]). "
              "L'outil est fourni par un serveur MCP in-process nommé « fichiers ». Le hook ne se déclenche jamais. "
              "Pourquoi ?"),
        options={
            "A": "Les hooks de l'Agent SDK ne s'appliquent pas aux outils venant d'un serveur MCP.",
            "B": "Le matcher compare le nom complet : mcp__fichiers__delete_file.",
            "C": "Le matcher doit aussi décrire les arguments visés, par exemple delete_file(path=*), sinon le SDK "
                 "ne sait pas quels appels intercepter.",
            "D": "Un hook PreToolUse n'est consulté que si permission_mode vaut bypassPermissions.",
        },
        why={
            "A": "Faux : les outils MCP passent par les mêmes hooks que les autres ; c'est même le cas le plus courant.",
            "B": "Juste : un nom simple est comparé tel quel au nom de l'outil, qui porte le préfixe du serveur MCP.",
            "C": "Le matcher ne voit que le nom de l'outil ; les arguments se testent dans le callback, via "
                 "tool_input.",
            "D": "Les hooks sont consultés quel que soit le mode de permission ; ils servent justement à décider.",
        },
        answer_key="4122957bb640ac66",
    ),
    Question(
        id="1.5.p3",
        title="Normaliser ce que le modèle lit",
        stem=("Trois API de transporteurs renvoient le poids d'un colis en grammes, en kilogrammes et en livres. "
              "L'agent qui choisit le transporteur le moins cher se trompe régulièrement. Quelle est la correction "
              "la plus fiable ?"),
        options={
            "A": "Un hook PostToolUse qui convertit tous les poids en grammes, quelle que soit l'API.",
            "B": "Un hook PreToolUse qui ajoute à chaque appel un paramètre demandant des grammes.",
            "C": "Un tableau de conversion dans le system prompt, avec un exemple par unité.",
            "D": "Passer à un modèle plus grand, réputé meilleur en calcul, et lui demander de vérifier deux fois.",
        },
        why={
            "A": "Juste : la conversion est une table fixe ; faite en code sur chaque résultat, elle est exacte à "
                 "chaque fois.",
            "B": "PreToolUse ne voit que l'appel sortant ; les API ne connaissent pas forcément ce paramètre, et la "
                 "réponse n'est pas touchée.",
            "C": "Laisser le modèle convertir reste probabiliste : on lui demande de bien faire ce qu'il fait mal.",
            "D": "Un meilleur modèle réduit les erreurs sans les supprimer ; le problème est dans les données.",
        },
        answer_key="df94ef7f5d9f8276",
    ),
    Question(
        id="1.5.p4",
        title="Un hook de blocage qui plante",
        stem=("Un hook PreToolUse doit bloquer certains remboursements. Sur quelques appels, un bug lui fait lever "
              "une KeyError. Avec les réglages par défaut de l'Agent SDK, que devient l'appel d'outil concerné ?"),
        options={
            "A": "Il est bloqué par précaution, puisque le contrôle n'a pas pu conclure.",
            "B": "La session s'arrête aussitôt avec un ResultMessage de subtype error_during_execution, sans "
                 "exécuter l'outil.",
            "C": "Il passe : le CLI signale l'erreur du hook, puis le remboursement s'exécute.",
            "D": "Claude reçoit un tool_result is_error qui contient le texte de la KeyError.",
        },
        why={
            "A": "C'est le comportement qu'on voudrait, mais pas le défaut : il faut le demander "
                 "(HookMatcher(on_failure=\"block\") dans la version actuelle du SDK).",
            "B": "L'erreur du hook n'arrête pas la session ; l'agent continue comme si le hook n'avait rien dit.",
            "C": "Juste : un hook qui lève est traité comme une absence de décision (fail open). Refuser exige un "
                 "permissionDecision « deny » explicite — et un hook testé.",
            "D": "Claude ne voit rien de l'erreur : pour lui, l'outil a tourné normalement.",
        },
        answer_key="9af1a8b9f6c4ba77",
    ),
]
