"""Scenario questions of notebook 1.1 (agentic loops). Answers are keys: see helpers.widgets.quiz.key()."""
from ...widgets.quiz import Question

QUESTIONS = [
    Question(
        id="1.1.p1",
        title="Texte avant un appel d'outil",
        stem=("Une agence de voyages a branché Claude sur un outil search_flights. Sa boucle renvoie au client le "
              "premier bloc de texte qu'elle reçoit. Depuis, des clients obtiennent pour toute réponse « Je regarde "
              "les vols disponibles… », sans aucun vol. Que faut-il changer ?"),
        options={
            "A": "Interdire dans le system prompt d'écrire la moindre phrase avant un appel d'outil, exemples à "
                 "l'appui.",
            "B": "Attendre qu'un mot comme « terminé » apparaisse dans le texte avant de rendre la main.",
            "C": "Continuer tant que stop_reason vaut tool_use, et ne rendre la main au client que sur end_turn.",
            "D": "Imposer un tool_choice de type « any » pour que chaque réponse de Claude appelle au moins un outil.",
        },
        why={
            "A": "Une consigne rend ce texte plus rare, pas impossible : la boucle resterait fausse le jour où il "
                 "revient. Et ce texte est légitime, il annonce l'appel.",
            "B": "Chercher un mot dans la prose, c'est deviner. La réponse dit elle-même pourquoi elle s'arrête : "
                 "stop_reason.",
            "C": "Juste : la réponse contenait du texte ET un tool_use ; stop_reason valait tool_use, donc le travail "
                 "n'était pas fini. Seul stop_reason pilote la boucle.",
            "D": "Forcer un outil à chaque tour empêche Claude de conclure ; on remplace un bug par un autre.",
        },
        answer_key="da4f73fe89631e66",
    ),
    Question(
        id="1.1.p2",
        title="Résultats d'appels parallèles",
        stem=("Claude renvoie dans une même réponse trois blocs tool_use (trois entrepôts à interroger). Le code de "
              "l'équipe exécute les trois outils puis ajoute trois messages user successifs, un par tool_result. "
              "Que se passe-t-il à l'appel suivant ?"),
        options={
            "A": "Une erreur 400 : il manque des tool_result dans le message qui suit le tour assistant.",
            "B": "L'API accepte la requête, mais Claude ne tient compte que du dernier des trois résultats reçus, "
                 "les deux premiers étant ignorés.",
            "C": "L'API accepte la requête à condition que les trois messages user respectent exactement l'ordre "
                 "des blocs tool_use.",
            "D": "L'API fusionne les trois messages sans erreur ; seul le nombre de jetons facturés augmente.",
        },
        why={
            "A": "Juste : chaque tool_use doit trouver son tool_result (même id) dans le message user qui suit "
                 "immédiatement. Les deux autres résultats arrivent trop tard : erreur 400.",
            "B": "Il n'y a pas de lecture partielle : la requête est rejetée avant que Claude ne voie quoi que ce soit.",
            "C": "L'ordre ne sauve rien : les résultats doivent être réunis dans UN message, pas répartis.",
            "D": "Aucune fusion ne rattrape des résultats manquants dans le message qui suit le tour assistant.",
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
        title="ResultMessage et filets de sécurité",
        stem=("Un job nocturne lance un agent via l'Agent SDK avec max_turns=8 et considère la tâche accomplie dès "
              "qu'il reçoit un ResultMessage. Certains matins, le rapport est incomplet. Que doit vérifier le job "
              "avant de publier ?"),
        options={
            "A": "Que total_cost_usd est non nul : un coût positif prouve que l'agent a bien travaillé jusqu'au bout.",
            "B": "Le subtype du ResultMessage : seul « success » est une fin normale, error_max_turns signale un arrêt "
                 "sur le garde-fou.",
            "C": "Que le dernier AssistantMessage reçu contient bien du texte rédigé, signe que l'agent a conclu.",
            "D": "Que la valeur de max_turns dépasse largement le nombre de fichiers que l'agent doit traiter.",
        },
        why={
            "A": "Une exécution interrompue coûte aussi quelque chose : le coût ne dit rien de la façon dont elle a "
                 "fini.",
            "B": "Juste : max_turns et max_budget_usd sont des garde-fous ; les atteindre donne un subtype d'erreur "
                 "(error_max_turns, error_max_budget_usd), pas un succès.",
            "C": "Un agent coupé en plein travail peut très bien avoir écrit du texte juste avant : c'est le piège du "
                 "1.1.",
            "D": "Régler le plafond ne dit pas si CETTE exécution l'a atteint ; seul le subtype le dit.",
        },
        answer_key="294483ab2d12b418",
    ),
]
