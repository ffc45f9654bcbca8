"""Scenario questions of notebook 1.3 (passing context to subagents). Answers are keys: see helpers.widgets.quiz.key()."""
from ...widgets.quiz import Question

QUESTIONS = [
    Question(
        id="1.3.p1",
        title="Trois sources, trois tours",
        stem=("Un coordinateur de veille juridique interroge trois sources indépendantes : la jurisprudence, "
              "les textes de loi et la doctrine, chacune confiée à son sous-agent. Les horodatages montrent "
              "trois lancements espacés, chacun attendant le rapport du précédent. Que changer pour réduire la "
              "latence ?"),
        options={
            "A": ("Confier les trois sources à un seul sous-agent « juriste » équipé de tous les outils, pour un "
                 "seul lancement."),
            "B": ("Faire porter les trois lancements par une seule réponse du coordinateur : trois blocs tool_use "
                 "côte à côte."),
            "C": ("Ajouter à la description de chaque sous-agent la mention « à lancer en parallèle des deux autres"
                 " »."),
            "D": "Relever CLAUDE_CODE_MAX_CONCURRENT_SUBAGENTS, pour autoriser plus de sous-agents à la fois.",
        },
        why={
            "A": ("Un seul sous-agent traite ses trois sources l'une après l'autre, dans un contexte qui grossit, "
                 "et perd les outils et le prompt propres à chaque spécialité."),
            "B": ("Juste : des appels de lancement émis dans la même réponse partent ensemble ; un lancement par "
                 "tour les enchaîne."),
            "C": ("La description sert au coordinateur à choisir un sous-agent et à rédiger sa consigne ; elle ne "
                 "décide pas du tour où il est lancé."),
            "D": ("Le plafond (20 par défaut) n'est pas atteint avec trois sous-agents : ils s'enchaînent parce "
                 "qu'ils sont lancés un par tour."),
        },
        answer_key="b0758ebb44362911",
    ),
    Question(
        id="1.3.p2",
        title="Des pages introuvables",
        stem=("Dans un audit qualité, les sous-agents rendent des constats {claim, document_name, page_number}."
              " Pour économiser des jetons, le coordinateur les résume en une liste de phrases avant de les "
              "confier au rédacteur. Les auditeurs ne retrouvent plus les pages citées dans le rapport. Où "
              "intervenir ?"),
        options={
            "A": "Dans le prompt du rédacteur : exiger un numéro de page à la fin de chaque phrase du rapport.",
            "B": "Dans les sous-agents : leur faire écrire la page dans le texte même de chaque affirmation.",
            "C": ("Dans le coordinateur : remettre au rédacteur les constats tels quels, en JSON, métadonnées "
                 "comprises."),
            "D": "Dans le rédacteur : lui donner l'outil Read pour rouvrir les documents et y retrouver les pages.",
        },
        why={
            "A": ("Le rédacteur ne peut pas citer des pages qu'il n'a jamais reçues : la consigne obtiendrait des "
                 "numéros inventés ou rien."),
            "B": ("Fondre la page dans la phrase, c'est mêler contenu et métadonnées : le premier résumé la fait "
                 "disparaître à nouveau."),
            "C": ("Juste : les métadonnées se sont perdues au passage de relais ; transmettre les constats "
                 "structurés, champ par champ, les garde jusqu'au rapport."),
            "D": ("Relire les documents coûte cher et peut rattacher une affirmation à une autre page que celle qui"
                 " la fonde."),
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
