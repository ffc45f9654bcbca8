"""Scenario questions of notebook 1.3 (passing context to subagents). Answers are keys: see helpers.widgets.quiz.key()."""
from ...widgets.quiz import Question

QUESTIONS = [
    Question(
        id="1.3.p1",
        title="Deux sous-agents l'un après l'autre",
        stem=("Les journaux d'un coordinateur montrent qu'il lance le sous-agent de recherche web, attend son "
              "rapport, puis seulement lance l'analyste de documents, alors que les deux tâches sont "
              "indépendantes. Comment réduire la latence ?"),
        options={
            "A": "Fusionner les deux sous-agents en un seul, équipé à la fois des outils web et des outils de "
                 "lecture.",
            "B": "Faire émettre les deux appels de lancement dans la même réponse du coordinateur.",
            "C": "Lancer chaque sous-agent en arrière-plan, puis faire patienter le coordinateur trente secondes.",
            "D": "Remplacer le coordinateur par deux appels query() indépendants, lancés depuis le script.",
        },
        why={
            "A": "On perd la spécialisation (outils restreints, prompt ciblé) pour gagner une latence qu'on peut "
                 "obtenir sans rien sacrifier.",
            "B": "Juste : plusieurs blocs tool_use dans une seule réponse, et les sous-agents tournent en même temps. "
                 "Un appel par tour les enchaîne.",
            "C": "Une attente fixe est soit trop longue, soit trop courte ; le parallélisme vient de la réponse qui "
                 "porte les deux lancements, pas d'une pause.",
            "D": "Sans coordinateur, plus d'agrégation ni de gestion d'erreur commune : c'est au script de refaire "
                 "le travail du hub.",
        },
        answer_key="b0758ebb44362911",
    ),
    Question(
        id="1.3.p2",
        title="Une synthèse sans citations",
        stem=("Le sous-agent de synthèse produit un texte fluide mais sans aucune source, alors que les sous-agents "
              "de recherche renvoient chacun des constats avec source_url, document_name et page_number. Que "
              "faire ?"),
        options={
            "A": "Ajouter « cite toujours tes sources » au prompt du sous-agent de synthèse.",
            "B": "Donner l'outil WebSearch au sous-agent de synthèse pour qu'il retrouve les sources.",
            "C": "Faire transmettre par le coordinateur des constats structurés qui gardent leurs métadonnées.",
            "D": "Passer le sous-agent de synthèse sur le modèle le plus puissant disponible.",
        },
        why={
            "A": "On ne cite pas ce qu'on n'a pas reçu : la consigne existe sans doute déjà, c'est l'entrée qui a "
                 "perdu les sources.",
            "B": "Refaire la recherche coûte cher et peut citer d'autres sources que celles qui fondent les "
                 "constats.",
            "C": "Juste : les métadonnées se sont perdues au passage de relais. Le coordinateur doit transmettre "
                 "les findings complets, contenu et métadonnées séparés.",
            "D": "Le modèle le plus puissant ne peut pas inventer les sources qu'on ne lui a pas transmises.",
        },
        answer_key="8879cefec87a887c",
    ),
    Question(
        id="1.3.p3",
        title="Les outils de l'analyste",
        stem=("Un sous-agent analyse des contrats rangés dans le dossier ./contrats : il doit les lire et y "
              "chercher des clauses, rien de plus. Quelle liste d'outils lui donner dans son AgentDefinition ?"),
        options={
            "A": "Read, Grep et Glob.",
            "B": "Read, Write, Edit et Bash, pour qu'il puisse s'adapter à tout imprévu.",
            "C": "Aucun outil : le coordinateur lui colle le texte intégral de chaque contrat dans le prompt.",
            "D": "Tous les outils disponibles, avec une consigne qui lui interdit de modifier les fichiers.",
        },
        why={
            "A": "Juste : le moindre privilège. Lire, chercher, lister : un outil absent n'existe tout simplement "
                 "pas pour le sous-agent.",
            "B": "Write, Edit et Bash permettent de modifier ou de lancer n'importe quoi : des droits dont un "
                 "lecteur n'a pas besoin.",
            "C": "Recopier chaque contrat dans le prompt gonfle le contexte du coordinateur, précisément ce que la "
                 "délégation devait éviter.",
            "D": "Une interdiction écrite dans le prompt reste probabiliste ; retirer les outils la rend certaine.",
        },
        answer_key="22a1a50d04b1758e",
    ),
    Question(
        id="1.3.p4",
        title="Une description trop vague",
        stem=("Un coordinateur fait rarement appel au sous-agent « relecteur », et quand il le fait, son prompt est "
              "flou (« relis le code »). La description du relecteur tient en deux mots : « Relit du code. » Que "
              "changer en premier ?"),
        options={
            "A": "Allonger le prompt du relecteur : plus d'exemples de bonnes relectures, plus de règles de style.",
            "B": "Ajouter l'outil de lancement (Agent) à la liste des outils du relecteur.",
            "C": "Choisir pour le relecteur le modèle le plus puissant, pour qu'il devine ce qu'on attend de lui.",
            "D": "Réécrire la description : quand l'employer et ce qu'il faut lui fournir (fichiers précis).",
        },
        why={
            "A": "Le prompt du sous-agent ne sert qu'une fois le sous-agent lancé ; le coordinateur, lui, ne voit que "
                 "le nom et la description.",
            "B": "Permettre au relecteur de lancer d'autres agents ne change ni le moment où on le choisit, ni ce "
                 "qu'on lui dit.",
            "C": "Un modèle plus fort ne retrouve pas des fichiers que le prompt de délégation ne cite pas.",
            "D": "Juste : la description est lue par le coordinateur ; elle décide de la délégation et guide le "
                 "prompt qu'il rédige pour le sous-agent.",
        },
        answer_key="8d603fd72c2133d3",
    ),
]
