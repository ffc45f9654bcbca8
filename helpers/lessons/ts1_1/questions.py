"""Scenario questions of notebook 1.1 (agentic loops). Answers are keys: see helpers.widgets.quiz.key()."""
from ...widgets.quiz import Question

QUESTIONS = [
    Question(
        id="1.1.p1",
        title="Une condition d'arrêt presque juste",
        stem=("Une boucle s'arrête dès que la réponse ne contient plus aucun bloc tool_use, sans jamais lire "
              "stop_reason. Elle passe tous les tests de l'équipe. Dans quelle situation livre-t-elle pourtant une "
              "réponse inachevée ?"),
        options={
            "A": "Quand Claude écrit une phrase d'annonce, puis appelle un outil, dans la même réponse.",
            "B": "Quand Claude demande trois outils à la fois, dans trois blocs tool_use de la même réponse.",
            "C": "Quand la sortie atteint max_tokens au milieu d'une phrase, sans aucun appel d'outil en cours.",
            "D": "Quand Claude répond directement, sans outil, à une question qu'il sait traiter seul.",
        },
        why={
            "A": "Cette réponse contient un tool_use : la boucle continue, à raison. C'est une boucle qui "
                 "s'arrêterait sur le premier texte reçu qui échouerait ici, pas celle-ci.",
            "B": "Trois tool_use restent des tool_use : la boucle exécute les trois appels et continue, comme il "
                 "faut.",
            "C": "Juste : sans tool_use, la boucle s'arrête, alors que stop_reason vaut max_tokens : la réponse a "
                 "été coupée. Seul stop_reason sépare une fin (end_turn) d'une coupure ; pause_turn tromperait la "
                 "boucle de la même façon.",
            "D": "C'est une vraie fin : stop_reason vaut end_turn, et rendre la main est correct.",
        },
        answer_key="da4f73fe89631e66",
    ),
    Question(
        id="1.1.p2",
        title="Résultats répartis sur plusieurs messages",
        stem=("Un agent d'inventaire interroge trois entrepôts, trois tool_use dans une même réponse. Après une "
              "refonte, le code renvoie chaque tool_result dans son propre message user, à la suite. Aucune erreur "
              "n'apparaît, mais depuis, Claude ne demande plus qu'un entrepôt par tour et les réponses prennent "
              "trois fois plus de temps. Qu'est-ce qui explique ce changement ?"),
        options={
            "A": "L'API combine les messages user qui se suivent, mais cet historique apprend à Claude à enchaîner "
                 "ses appels un par un.",
            "B": "L'API a ignoré en silence deux des trois résultats, et Claude redemande un à un les entrepôts qui "
                 "lui manquent.",
            "C": "La refonte a activé disable_parallel_tool_use, le seul réglage qui limite Claude à un appel "
                 "d'outil par tour.",
            "D": "Les résultats ne suivent plus l'ordre des tool_use ; faute de pouvoir les rattacher, Claude "
                 "appelle un outil à la fois.",
        },
        why={
            "A": "Juste : des tours consécutifs de même rôle sont combinés, d'où l'absence d'erreur ; mais la "
                 "documentation prévient que cette forme d'historique fait perdre le parallélisme. Un seul message "
                 "user pour tous les résultats.",
            "B": "Rien n'est ignoré : les messages combinés portent bien les trois résultats, et Claude les lit tous "
                 "avant de répondre.",
            "C": "Ce réglage produit bien ce symptôme, mais il se passe dans tool_choice, que la refonte n'a pas "
                 "touché ; la cause est la forme de l'historique.",
            "D": "Chaque résultat est relié à son appel par son tool_use_id, dans n'importe quel ordre : l'ordre "
                 "n'empêche aucun rattachement.",
        },
        answer_key="e0512cda55206242",
    ),
    Question(
        id="1.1.p3",
        title="Réponse tronquée",
        stem=("Un agent rédige des comptes rendus d'audit. Certains s'arrêtent au milieu d'une phrase et partent "
              "pourtant tels quels vers les clients. Les journaux montrent stop_reason = \"max_tokens\" sur ces "
              "réponses ; la boucle considère comme terminé tout ce qui n'est pas tool_use. Quelle correction ?"),
        options={
            "A": "Demander dans le prompt des comptes rendus plus courts, pour passer sous la limite.",
            "B": "Relever le plafond d'itérations de la boucle, pour laisser à Claude le temps de finir son texte.",
            "C": "Faire relire chaque compte rendu par un second appel qui juge s'il paraît complet.",
            "D": "Traiter max_tokens comme inachevé : relever la limite ou demander la suite au modèle.",
        },
        why={
            "A": "Un prompt réduit la fréquence du problème sans corriger la boucle, qui livrerait encore le prochain "
                 "texte coupé.",
            "B": "Le plafond d'itérations ne joue pas : la boucle s'est arrêtée d'elle-même, en prenant une troncature "
                 "pour une fin.",
            "C": "Un jugement probabiliste coûte un appel de plus pour deviner ce que stop_reason dit déjà avec "
                 "certitude.",
            "D": "Juste : max_tokens signifie que la sortie a été coupée. C'est un état à traiter, pas une fin.",
        },
        answer_key="cd4490132536af5e",
    ),
    Question(
        id="1.1.p4",
        title="ResultMessage et garde-fous",
        stem=("Un traitement nocturne lance un agent avec l'Agent SDK, max_turns=8, et publie son rapport dès qu'il "
              "reçoit un ResultMessage. Certains matins, le rapport publié est incomplet. Que doit vérifier le "
              "traitement avant de publier ?"),
        options={
            "A": "Que total_cost_usd est non nul : un coût positif prouve que l'agent a travaillé jusqu'au bout.",
            "B": "Que subtype vaut « success » et is_error False : error_max_turns signale un arrêt sur garde-fou.",
            "C": "Que le dernier AssistantMessage reçu contient bien du texte rédigé, signe que l'agent a conclu.",
            "D": "Que max_turns dépasse largement le nombre de fichiers que l'agent doit traiter chaque nuit.",
        },
        why={
            "A": "Une exécution interrompue coûte aussi quelque chose : le coût ne dit rien de la façon dont elle a "
                 "fini.",
            "B": "Juste : max_turns et max_budget_usd sont des garde-fous ; les atteindre donne un subtype d'erreur "
                 "(error_max_turns, error_max_budget_usd). Et une panne de l'API peut donner success avec is_error "
                 "à True : on teste les deux.",
            "C": "Un agent coupé en plein travail peut très bien avoir écrit du texte juste avant : c'est le piège "
                 "de ce notebook.",
            "D": "Régler le garde-fou ne dit pas si CETTE exécution l'a atteint ; seul le ResultMessage le dit.",
        },
        answer_key="294483ab2d12b418",
    ),
    Question(
        id="1.1.p5",
        title="pause_turn n'est ni une fin ni un refus",
        stem=("Un agent de veille utilise la recherche web exécutée côté serveur. Sur une question qui demande "
              "beaucoup de recherches, la réponse revient avec stop_reason = \"pause_turn\" et un contenu "
              "partiel. Que doit faire la boucle ?"),
        options={
            "A": "Ajouter la réponse telle quelle à l'historique et renvoyer la requête : Claude reprend son tour.",
            "B": "La traiter comme end_turn : la recherche est terminée et le contenu partiel suffit au client.",
            "C": "Lever une exception comme pour refusal : pause_turn signifie que Claude décline la demande.",
            "D": "Renvoyer la requête d'origine, sans cette réponse partielle, jusqu'à obtenir un stop_reason end_turn.",
        },
        why={
            "A": "Juste : pause_turn met en pause un long tour d'outils côté serveur ; renvoyer la réponse dans "
                 "l'historique permet à Claude de continuer là où il s'était arrêté.",
            "B": "Le tour n'est pas fini : livrer ce contenu, c'est livrer une réponse inachevée, comme avec "
                 "max_tokens.",
            "C": "Un refus se signale par refusal, avec ses détails dans stop_details ; pause_turn n'a rien d'un "
                 "refus et appelle une suite, pas une erreur.",
            "D": "Sans la réponse en pause dans l'historique, Claude repart de zéro : le travail déjà fait est "
                 "perdu et la pause risque de revenir.",
        },
        answer_key="e92a68c683590cc3",
    ),
]
