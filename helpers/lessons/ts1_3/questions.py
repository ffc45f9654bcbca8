"""Scenario questions of notebook 1.3 (passing context to subagents). Answers are keys: see helpers.widgets.quiz.key()."""
from ...widgets.quiz import Question

QUESTIONS = [
    Question(
        id="1.3.p1",
        title="« Async agent launched »",
        stem=("Sur le CLI épinglé du cours, un coordinateur émet trois appels Agent dans une même réponse. Les trois "
              "tool_result reviennent aussitôt, chacun disant « Async agent launched », sans aucun rapport. Que se "
              "passe-t-il ?"),
        options={
            "A": "Les trois lancements ont échoué : un tool_result sans rapport signale un sous-agent qui n'a pas "
                 "démarré.",
            "B": "Les trois sous-agents tournent en arrière-plan ; chaque rapport arrivera plus tard, dans une "
                 "notification.",
            "C": "Le CLI a mis les trois lancements en file d'attente, pour les exécuter ensuite l'un après l'autre.",
            "D": "Les sous-agents ont déjà fini, mais leurs rapports sont perdus faute d'un outil pour les récupérer.",
        },
        why={
            "A": "Un échec reviendrait avec is_error et sa raison ; ce texte confirme au contraire que le lancement "
                 "a eu lieu.",
            "B": "Juste : sur le CLI épinglé, un sous-agent part par défaut en arrière-plan, et son rapport revient "
                 "au coordinateur comme une notification (TaskNotificationMessage dans le flux du SDK).",
            "C": "Rien n'est mis en file : lancés dans une même réponse, les trois partent ensemble, et ce retour "
                 "immédiat le confirme.",
            "D": "Rien n'est perdu, et aucun outil n'est à appeler : chaque rapport arrive de lui-même au "
                 "coordinateur quand son sous-agent termine.",
        },
        answer_key="b0758ebb44362911",
    ),
    Question(
        id="1.3.p2",
        title="Le format qui garde les sources",
        stem=("Vous rédigez la consigne de sortie de trois sous-agents d'un audit qualité. Leur travail ira, par le "
              "coordinateur, à un rédacteur qui doit citer chaque document et chaque page, et signaler les constats "
              "qui se contredisent. Quel format demander ?"),
        options={
            "A": "Un paragraphe par sous-agent, suivi en bibliographie des documents consultés et de leurs pages.",
            "B": "Les affirmations seules ; le coordinateur garde à part, dans son contexte, les documents et les "
                 "pages.",
            "C": "Une liste JSON de constats, chacun avec affirmation, document et page, remise telle quelle au "
                 "rédacteur.",
            "D": "Un texte suivi où chaque phrase se termine par sa source entre parenthèses, lisible par un humain.",
        },
        why={
            "A": "Une bibliographie dit quels documents ont servi, pas de quelle page vient chaque affirmation : le "
                 "rédacteur ne peut rien rattacher.",
            "B": "Le rédacteur ne voit pas le contexte du coordinateur : ce qui n'est pas dans son prompt n'existe "
                 "pas pour lui.",
            "C": "Juste : chaque affirmation voyage avec ses métadonnées, champ par champ ; le rédacteur peut citer, "
                 "et repérer deux constats qui se contredisent.",
            "D": "Fondues dans la phrase, les sources disparaissent au premier résumé ; et deux constats ne se "
                 "comparent plus champ à champ.",
        },
        answer_key="8879cefec87a887c",
    ),
    Question(
        id="1.3.p3",
        title="Les outils de l'analyste",
        stem=("Un sous-agent analyse des contrats rangés dans le répertoire ./contrats : il doit les lire et y "
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
