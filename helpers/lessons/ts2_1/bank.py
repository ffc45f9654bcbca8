"""The bank of the mock exam: 60 scenario questions across task statements 1.1–1.7, in the exam's four
scenarios (support client, recherche multi-agents, productivité des développeurs, CI), written fresh.

Each carries its task statement and the lesson heading to revisit (`link()` builds the relative link).
Answers are keys (see helpers.widgets.quiz.key()): this bank powers the self-paced rehearsal, whose
feedback shows every answer; the graded exam (2.1.q) asks other questions, keyed in the master only.
"""
from ...widgets.exam import ExamQuestion

BANK = [
    ExamQuestion(
        id='2.1.e01',
        title='Texte et appel dans la même réponse',
        ts='1.1',
        section="3. `stop_reason`, et rien d'autre",
        scenario='support client',
        link="../1.1-boucles-agentiques/1.1-boucles-agentiques.ipynb#3.-stop_reason,-et-rien-d'autre",
        stem=("Un agent de support d'un fournisseur d'électricité reçoit une réponse qui contient « Je "
              'consulte votre dernier relevé » puis un bloc tool_use get_meter_reading. Le code affiche ce '
              "texte au client et s'arrête. Quelle règle corrige ce comportement ?"),
        options={
            'A': ("Arrêter la boucle dès qu'une réponse contient au moins un bloc de texte lisible par le client."),
            'B': ("Continuer tant que stop_reason vaut tool_use ; ne rendre la main qu'à la fin du tour (end_turn)."),
            'C': ("Supprimer le texte des réponses qui contiennent un appel d'outil avant de les ajouter à "
                  "l'historique."),
            'D': ("Demander dans le system prompt de ne jamais écrire de texte avant d'appeler un outil de support."),
        },
        why={
            'A': ("C'est exactement le bug décrit : le texte n'est pas un signal de fin, la réponse demandait encore un "
                  'outil.'),
            'B': ("Juste : stop_reason dit pourquoi la génération s'est arrêtée ; tool_use signifie que le travail "
                  'continue.'),
            'C': ("Retirer le texte altère l'historique renvoyé à l'API et ne règle pas l'arrêt prématuré de la boucle."),
            'D': ("Une consigne rend ce texte plus rare sans rendre la boucle juste ; il est d'ailleurs légitime."),
        },
        answer_key='6b529de685aeb1d2',
    ),
    ExamQuestion(
        id='2.1.e02',
        title='Trois résultats à renvoyer',
        ts='1.1',
        section="4. Les règles de format d'un tour d'outils",
        scenario='recherche multi-agents',
        link="../1.1-boucles-agentiques/1.1-boucles-agentiques.ipynb#4.-Les-r%C3%A8gles-de-format-d'un-tour-d'outils",
        stem=('Un agent de recherche reçoit trois tool_use dans une même réponse (trois bases documentaires). '
              "Comment le code doit-il renvoyer les trois résultats à l'API ?"),
        options={
            'A': ("Trois messages user successifs, un par résultat, dans l'ordre où les outils ont terminé leur "
                  'travail.'),
            'B': ('Un message assistant qui reprend les trois appels, suivi des trois résultats dans le même message.'),
            'C': ('Un message user qui résume en texte libre les trois résultats, sans blocs tool_result séparés.'),
            'D': ('Un seul message user avec trois blocs tool_result, chacun portant le tool_use_id de son appel.'),
        },
        why={
            'A': ("L'API combine des messages user successifs, mais cet historique apprend au modèle à ne plus "
                  'paralléliser.'),
            'B': ("Les résultats ne vont jamais dans un tour assistant : l'API refuse un tool_result à cet endroit."),
            'C': ("Sans tool_result, les appels restent sans réponse et l'API rejette la requête suivante."),
            'D': ("Juste : un message user, un tool_result par appel, appariés par tool_use_id ; l'ordre importe peu."),
        },
        answer_key='abb7dfb9b81ec9ed',
    ),
    ExamQuestion(
        id='2.1.e03',
        title='Réponse coupée',
        ts='1.1',
        section="3. `stop_reason`, et rien d'autre",
        scenario='productivité des développeurs',
        link="../1.1-boucles-agentiques/1.1-boucles-agentiques.ipynb#3.-stop_reason,-et-rien-d'autre",
        stem=("Un assistant de développement génère un script de migration ; la réponse se termine au milieu d'une "
              'fonction et stop_reason vaut max_tokens. Le code écrit pourtant le fichier. Que faire ?'),
        options={
            'A': ("Considérer la réponse comme tronquée : relever max_tokens ou demander la suite avant d'écrire."),
            'B': ("Écrire le fichier, puis lancer les tests : s'ils échouent, l'erreur montrera où le script a coupé."),
            'C': ('Compléter la fonction coupée avec un return par défaut afin que le fichier reste syntaxiquement '
                  'valide.'),
            'D': ("Passer la requête en streaming : la réponse arrive alors au fil de l'eau, sans être "
                  'bornée par max_tokens.'),
        },
        why={
            'A': ("Juste : max_tokens signale que le plafond est atteint ; une sortie tronquée n'est jamais un résultat "
                  'fini.'),
            'B': ("Écrire un fichier qu'on sait incomplet déplace l'erreur plus loin, chez quelqu'un qui ne sait pas "
                  'pourquoi.'),
            'C': ("Un return inventé masque la troncature et produit un code faux qui a l'air correct."),
            'D': ('Le streaming change la façon de recevoir la réponse, pas son plafond : max_tokens '
                  "s'applique de même, et stop_reason vaudrait encore max_tokens."),
        },
        answer_key='d7ef288fb18e4a34',
    ),
    ExamQuestion(
        id='2.1.e04',
        title="Plafond d'itérations",
        ts='1.1',
        section='6. Le modèle choisit, le code garantit',
        scenario='CI',
        link='../1.1-boucles-agentiques/1.1-boucles-agentiques.ipynb#6.-Le-mod%C3%A8le-choisit,-le-code-garantit',
        stem=("Un agent tourne en CI sans surveillance et appelle des outils en boucle. L'équipe veut éviter qu'un "
              'cas imprévu ne consomme tout le budget de la nuit. Quelle mesure est la bonne ?'),
        options={
            'A': ("Demander à Claude, dans le prompt, de s'arrêter de lui-même après une dizaine d'appels d'outils au "
                  'plus.'),
            'B': ('Arrêter la boucle dès que le texte de Claude contient « terminé », « fini » ou un mot de sens '
                  'voisin.'),
            'C': ("Garder stop_reason comme condition d'arrêt et ajouter un plafond d'itérations qui lève une "
                  'exception.'),
            'D': ("Ne laisser à l'agent que les outils utiles la nuit, pour réduire le nombre d'appels "
                  'possibles.'),
        },
        why={
            'A': ("Une consigne n'est pas une garantie : un budget se protège dans le code, pas dans le prompt."),
            'B': ('Chercher des mots dans la prose est fragile ; la fin normale est déjà signalée par stop_reason.'),
            'C': ('Juste : stop_reason pilote la fin normale ; le plafond est un filet de sécurité qui échoue '
                  'bruyamment.'),
            'D': ("Moins d'outils ne borne pas le nombre d'appels : une boucle peut rappeler sans fin le "
                  "même outil. C'est le nombre de tours qu'il faut plafonner, dans le code."),
        },
        answer_key='2fb304f7ba2995a7',
    ),
    ExamQuestion(
        id='2.1.e05',
        title='Un outil qui échoue',
        ts='1.1',
        section="4. Les règles de format d'un tour d'outils",
        scenario='support client',
        link="../1.1-boucles-agentiques/1.1-boucles-agentiques.ipynb#4.-Les-r%C3%A8gles-de-format-d'un-tour-d'outils",
        stem=("L'outil get_customer d'un agent de support lève une exception quand l'API interne est indisponible. "
              "Actuellement, l'exception arrête tout l'agent. Que doit faire la boucle ?"),
        options={
            'A': ("Relancer la même requête à Claude sans résultat jusqu'à ce que l'API interne redevienne disponible."),
            'B': ("Attraper l'exception et renvoyer un tool_result is_error qui explique la panne, puis continuer."),
            'C': ("Renvoyer un tool_result vide pour que Claude considère que le client n'existe pas et poursuive."),
            'D': ("Laisser l'exception arrêter l'agent et écrire la trace : une panne doit rester visible "
                  "pour l'équipe."),
        },
        why={
            'A': ("Un tool_use laissé sans résultat rend la requête invalide ; et boucler sans limite n'est pas une "
                  'stratégie.'),
            'B': ("Juste : Claude apprend l'échec et peut réessayer, contourner ou escalader ; la boucle ne s'effondre "
                  'pas.'),
            'C': ("Un succès vide ment : Claude conclurait que le client n'existe pas."),
            'D': ('La panne reste visible avec un tool_result is_error (et dans les journaux) ; arrêter '
                  "tout l'agent prive Claude de réessayer, contourner ou escalader."),
        },
        answer_key='b44bf8773c08e08b',
    ),
    ExamQuestion(
        id='2.1.e06',
        title='Appels indépendants',
        ts='1.1',
        section='5. Appels parallèles',
        scenario='recherche multi-agents',
        link='../1.1-boucles-agentiques/1.1-boucles-agentiques.ipynb#5.-Appels-parall%C3%A8les',
        stem=('Un agent de veille doit interroger quatre sources qui ne dépendent pas les unes des autres. Les '
              'journaux montrent quatre tours successifs, un appel par tour. Quelle cause est la plus probable ?'),
        options={
            'A': ('La requête ne met pas disable_parallel_tool_use à false ; sans ce champ, le modèle '
                  "n'émet qu'un appel par réponse."),
            'B': ("Les outils n'ont pas de description, ce qui oblige le modèle à les essayer un par un."),
            'C': ("Le max_tokens est trop bas pour contenir plus d'un bloc tool_use dans une même réponse."),
            'D': ("L'historique renvoie chaque tool_result dans son propre message, ce qui apprend à sérialiser."),
        },
        why={
            'A': ("C'est l'inverse : sans ce champ, les appels parallèles sont permis "
                  '(disable_parallel_tool_use vaut false par défaut) ; seul true limite chaque réponse à '
                  'un appel.'),
            'B': ("Une description pauvre gêne le choix de l'outil, mais n'impose pas un appel par tour."),
            'C': ("Un appel d'outil coûte peu de jetons ; max_tokens n'explique pas un tel schéma régulier."),
            'D': ('Juste : des résultats éclatés sur plusieurs messages enseignent au modèle à appeler un outil à la '
                  'fois.'),
        },
        answer_key='8f8475048928f8fc',
    ),
    ExamQuestion(
        id='2.1.e07',
        title='Une API sans mémoire',
        ts='1.1',
        section='2. Le cycle',
        scenario='productivité des développeurs',
        link='../1.1-boucles-agentiques/1.1-boucles-agentiques.ipynb#2.-Le-cycle',
        stem=("Un développeur appelle l'API deux fois : d'abord pour lire un fichier avec un outil, ensuite pour "
              "demander « corrige le bug », en n'envoyant que cette phrase. Claude ne sait plus de quel fichier il "
              "s'agit. Pourquoi ?"),
        options={
            'A': ("L'API ne garde rien entre deux requêtes : chaque appel doit renvoyer tout l'historique utile."),
            'B': ('Le cache de prompt a expiré entre les deux appels, et le contexte précédent a été effacé.'),
            'C': ("Le fichier lu était trop long ; l'API a tronqué l'historique pour rester dans sa fenêtre de "
                  'contexte.'),
            'D': ('La deuxième requête aurait dû réutiliser le même request-id pour rattacher la conversation.'),
        },
        why={
            'A': ("Juste : la Messages API est sans état ; la mémoire de la conversation, c'est la liste messages "
                  'renvoyée.'),
            'B': ("Le cache accélère un préfixe renvoyé à l'identique ; il ne remplace jamais l'historique absent."),
            'C': ("Rien n'a été tronqué : le fichier n'a simplement pas été renvoyé dans la seconde requête."),
            'D': ('Le request-id identifie un échange pour le support ; il ne relie pas des requêtes entre elles.'),
        },
        answer_key='a134bdc546c7bf37',
    ),
    ExamQuestion(
        id='2.1.e08',
        title='Stop en streaming',
        ts='1.1',
        section='7. En streaming',
        scenario='support client',
        link='../1.1-boucles-agentiques/1.1-boucles-agentiques.ipynb#7.-En-streaming',
        stem=('Un chat de support affiche la réponse en streaming. Le code décide de la suite en lisant le dernier '
              "morceau de texte reçu. Où se trouve l'information fiable sur la raison de l'arrêt ?"),
        options={
            'A': ("Dans le premier événement message_start, qui annonce d'emblée la raison de l'arrêt prévue."),
            'B': ('Dans le dernier content_block_delta, dont le texte se termine par un marqueur de fin explicite.'),
            'C': ("Dans l'événement message_delta, qui porte stop_reason avant le message_stop final."),
            'D': ("Dans l'en-tête HTTP de la réponse, renvoyé avant le premier événement du flux SSE."),
        },
        why={
            'A': ('message_start arrive avant la génération : son stop_reason est encore nul.'),
            'B': ("Un delta de texte ne porte pas de raison d'arrêt ; lire la prose est une devinette."),
            'C': ("Juste : message_delta porte stop_reason et l'usage de sortie ; c'est sur lui que le "
                  'code décide de la suite.'),
            'D': ("Les en-têtes partent avant la génération ; la raison d'arrêt n'y figure pas."),
        },
        answer_key='7da2fd451ba04dfb',
    ),
    ExamQuestion(
        id='2.1.e09',
        title="La boucle de l'Agent SDK",
        ts='1.1',
        section="8. Cette boucle, vue depuis l'Agent SDK",
        scenario='productivité des développeurs',
        link="../1.1-boucles-agentiques/1.1-boucles-agentiques.ipynb#8.-Cette-boucle,-vue-depuis-l'Agent-SDK",
        stem=('Une équipe passe de la Messages API à claude-agent-sdk pour un outil interne. Un développeur veut '
              'réécrire la boucle stop_reason autour de query(). Que lui répondre ?'),
        options={
            'A': ("Il doit la réécrire : l'Agent SDK envoie une seule requête et laisse l'application gérer la suite."),
            'B': ('Inutile : le SDK exécute déjà la boucle (outils, résultats, rappel) ; on règle ses limites, comme '
                  'max_turns.'),
            'C': ('Il faut désactiver les outils du SDK et exécuter soi-même chaque tool_use dans une boucle à part.'),
            'D': ('La boucle doit surveiller le texte des messages et interrompre query() au premier « terminé ».'),
        },
        why={
            'A': ("C'est l'inverse : query() pilote toute la boucle agentique et diffuse les messages au fil de l'eau."),
            'B': ("Juste : le CLI embarqué exécute la boucle ; l'application configure outils, hooks et plafonds."),
            'C': ("Désactiver les outils prive le SDK de ce qu'il fait de mieux, pour réécrire ce qu'il fait déjà."),
            'D': ("Interrompre sur un mot, c'est interpréter de la prose ; le SDK signale la fin par un ResultMessage."),
        },
        answer_key='50561b979030fc2f',
    ),
    ExamQuestion(
        id='2.1.e10',
        title='Une note qui passe à côté du sujet',
        ts='1.2',
        section='6. Le piège de la décomposition trop étroite',
        scenario='recherche multi-agents',
        link='../1.2-coordinateur-sous-agents/1.2-coordinateur-sous-agents.ipynb#6.-Le-pi%C3%A8ge-de-la-d%C3%A9composition-trop-%C3%A9troite',
        stem=('Un coordinateur rédige une note sur « la sécurité des objets connectés de la maison ». Les journaux '
              "montrent trois sous-agents, un par famille d'appareils (serrures, caméras, assistants vocaux), qui "
              'ont chacun rendu un travail soigné. Les relecteurs regrettent que la note ignore les mises à jour '
              'logicielles, le chiffrement des échanges et la fin de vie des appareils. Quelle correction vise la '
              'cause ?'),
        options={
            'A': ('Demander à chaque sous-agent de lister, en fin de rapport, les thèmes voisins croisés sans les '
                  'traiter.'),
            'B': "Confier la note à un agent de synthèse plus puissant, chargé de combler les manques qu'il repère.",
            'C': 'Relever le nombre de résultats par recherche, pour que chaque sous-agent couvre plus de terrain.',
            'D': ('Revoir le découpage du coordinateur, pour que ses volets couvrent aussi les questions '
                  'transversales.'),
        },
        why={
            'A': ("Chaque sous-agent ne voit que son volet : il peut signaler un voisin, pas la question d'ensemble "
                  "que personne ne lui a confiée ; la correction resterait au hasard de ce qu'il croise."),
            'B': ("La synthèse ne combine que ce qu'elle reçoit ; combler les manques sans recherche, c'est écrire "
                  'sans source.'),
            'C': ('Les sous-agents ont bien couvert leur volet : ce sont les volets eux-mêmes qui laissent des pans '
                  'entiers.'),
            'D': ("Juste : le coordinateur a découpé par famille d'appareils et oublié les dimensions communes ; un "
                  "découpage incomplet laisse des trous qu'aucun sous-agent ne comble."),
        },
        answer_key='879bff5e2207a1e2',
    ),
    ExamQuestion(
        id='2.1.e11',
        title='Ce que voit un sous-agent',
        ts='1.2',
        section="4. Un sous-agent, c'est une conversation neuve",
        scenario='recherche multi-agents',
        link="../1.2-coordinateur-sous-agents/1.2-coordinateur-sous-agents.ipynb#4.-Un-sous-agent,-c'est-une-conversation-neuve",
        stem=("Un coordinateur a échangé vingt tours avec l'utilisateur, puis lance un sous-agent « analyse les "
              'sources retenues ». Le sous-agent demande quelles sources. Pourquoi ?'),
        options={
            'A': ("Un sous-agent démarre sans l'historique du coordinateur : tout ce qu'il doit savoir va dans son "
                  'prompt.'),
            'B': ('Le sous-agent a dépassé sa fenêtre de contexte en lisant les vingt tours hérités du coordinateur.'),
            'C': ("Les sources étaient dans un outil que le sous-agent n'a pas le droit d'appeler dans sa configuration "
                  'actuelle.'),
            'D': ('Le coordinateur aurait dû attendre la fin de la conversation avant de lancer le moindre sous-agent.'),
        },
        why={
            'A': ('Juste : le contexte du sous-agent est isolé ; le coordinateur doit lui passer explicitement les '
                  'sources.'),
            'B': ("Le sous-agent n'hérite d'aucun tour : il n'a rien pu dépasser en les lisant."),
            'C': ("Même avec l'outil, il ne saurait pas lesquelles étaient retenues : ce choix n'existe que chez le "
                  'coordinateur.'),
            'D': ('Attendre ne change rien : le sous-agent ne verrait toujours pas la conversation.'),
        },
        answer_key='122bad4da1545da8',
    ),
    ExamQuestion(
        id='2.1.e12',
        title='Qui parle à qui',
        ts='1.2',
        section="2. L'architecture en étoile",
        scenario='recherche multi-agents',
        link="../1.2-coordinateur-sous-agents/1.2-coordinateur-sous-agents.ipynb#2.-L'architecture-en-%C3%A9toile",
        stem=("Dans un système de recherche, l'agent de recherche web envoie ses résultats directement à l'agent de "
              'synthèse, sans passer par le coordinateur. Les erreurs deviennent difficiles à suivre. Que '
              'recommander ?'),
        options={
            'A': ('Ajouter une file de messages partagée que tous les agents lisent et écrivent à leur rythme.'),
            'B': ('Fusionner recherche et synthèse dans un seul agent pour supprimer cet échange direct.'),
            'C': ('Faire passer toutes les communications par le coordinateur, qui route, contrôle et agrège.'),
            'D': ("Donner à chaque agent la liste des autres agents pour qu'il choisisse à qui transmettre."),
        },
        why={
            'A': ('Une file partagée multiplie les chemins au lieu de les réduire : on perd encore la visibilité.'),
            'B': ('Fusionner efface la spécialisation sans régler le suivi des erreurs entre les autres agents.'),
            'C': ('Juste : en étoile, le coordinateur voit tout passer ; il observe, gère les erreurs et contrôle le '
                  'flux.'),
            'D': ('Des agents qui se choisissent entre eux recréent un maillage que personne ne supervise.'),
        },
        answer_key='3a36d24a82a18c80',
    ),
    ExamQuestion(
        id='2.1.e13',
        title='Un sous-agent qui échoue',
        ts='1.2',
        section='5. Les erreurs passent aussi par le centre',
        scenario='recherche multi-agents',
        link='../1.2-coordinateur-sous-agents/1.2-coordinateur-sous-agents.ipynb#5.-Les-erreurs-passent-aussi-par-le-centre',
        stem=('Sur cinq sous-agents lancés, celui qui couvre les brevets échoue après un nouvel essai. Le '
              'coordinateur doit rendre un rapport ce soir. Quelle conduite adopter ?'),
        options={
            'A': ('Rendre le rapport sur les quatre volets réussis, en retirant les brevets du sommaire '
                  "pour qu'il reste cohérent."),
            'B': ('Rendre le rapport avec les quatre résultats et signaler clairement le trou sur les brevets.'),
            'C': ("Demander à l'agent de synthèse de combler la partie brevets avec ce qu'il sait déjà du domaine."),
            'D': ("Relancer le sous-agent indéfiniment jusqu'à ce qu'il réussisse, quitte à rendre le rapport demain."),
        },
        why={
            'A': ('Le trou demeure, mais devient invisible : le lecteur croit la couverture complète. Un '
                  'manque se signale, il ne se cache pas.'),
            'B': ('Juste : réessayer une fois, puis rendre ce qui existe en signalant le manque ; pas de faux succès.'),
            'C': ("Inventer la partie manquante produit un rapport qui a l'air complet mais ne repose sur rien."),
            'D': ('Des essais sans limite transforment une panne passagère en retard certain.'),
        },
        answer_key='8be91ce676c228ef',
    ),
    ExamQuestion(
        id='2.1.e14',
        title='Faut-il des sous-agents ?',
        ts='1.2',
        section='1. Déléguer, ou pas',
        scenario='productivité des développeurs',
        link='../1.2-coordinateur-sous-agents/1.2-coordinateur-sous-agents.ipynb#1.-D%C3%A9l%C3%A9guer,-ou-pas',
        stem=('Un développeur veut renommer une variable dans un seul fichier de 80 lignes. Un collègue propose un '
              "coordinateur avec trois sous-agents spécialisés. Qu'en penser ?"),
        options={
            'A': ("Bonne idée : des sous-agents isolés évitent que le contexte de l'agent principal se charge "
                  'pendant le renommage.'),
            'B': ("Bonne idée, à condition qu'un quatrième sous-agent relise le travail des trois autres avant de "
                  'valider.'),
            'C': ('Un coordinateur avec un seul sous-agent suffirait : il garde le contexte principal propre à '
                  'moindre coût.'),
            'D': 'Surdimensionné : une tâche petite et linéaire se fait mieux avec un seul agent, sans coordination.',
        },
        why={
            'A': ("Quatre-vingts lignes tiennent sans peine dans un seul contexte : l'isolation n'apporte rien ici, "
                  'et chaque sous-agent ajoute coût, latence et un passage de contexte qui peut perdre une '
                  'information.'),
            'B': ("Ajouter une relecture par un autre agent alourdit encore une tâche qu'un seul agent mène de bout "
                  'en bout.'),
            'C': ('Même un seul sous-agent ajoute une délégation et un passage de contexte, sans rien à isoler ni à '
                  'paralléliser.'),
            'D': 'Juste : on délègue quand le travail est large ou se parallélise ; ici, un agent suffit.',
        },
        answer_key='73dde82582b94c93',
    ),
    ExamQuestion(
        id='2.1.e15',
        title='Lancer en parallèle',
        ts='1.2',
        section='3. Un coordinateur sur le vrai CLI',
        scenario='recherche multi-agents',
        link='../1.2-coordinateur-sous-agents/1.2-coordinateur-sous-agents.ipynb#3.-Un-coordinateur-sur-le-vrai-CLI',
        stem=('Un coordinateur lance ses sous-agents un par tour : il attend chaque résultat avant de lancer le '
              'suivant, alors que les sous-sujets sont indépendants. Comment accélérer ?'),
        options={
            'A': ("Émettre tous les appels de sous-agents dans une même réponse, pour qu'ils s'exécutent en parallèle."),
            'B': ('Demander à chaque sous-agent de lancer lui-même le suivant quand il a terminé son travail.'),
            'C': ("Regrouper les sous-sujets dans un seul sous-agent qui les traitera l'un après l'autre."),
            'D': ('Passer le coordinateur en streaming, pour recevoir chaque résultat plus tôt et lancer '
                  'le suivant aussitôt.'),
        },
        why={
            'A': ('Juste : plusieurs appels dans un même tour partent ensemble ; le coordinateur agrège ensuite.'),
            'B': ('Une chaîne de sous-agents reste séquentielle, et chacun devrait connaître le suivant.'),
            'C': ("Un seul sous-agent perd à la fois le parallélisme et l'isolement des contextes."),
            'D': ("Le streaming montre une réponse plus tôt, il ne change pas l'ordre des lancements : un "
                  'sous-agent par tour reste séquentiel.'),
        },
        answer_key='db09caefcc177c58',
    ),
    ExamQuestion(
        id='2.1.e16',
        title='Retourner un échec utile',
        ts='1.2',
        section='5. Les erreurs passent aussi par le centre',
        scenario='support client',
        link='../1.2-coordinateur-sous-agents/1.2-coordinateur-sous-agents.ipynb#5.-Les-erreurs-passent-aussi-par-le-centre',
        stem=("Un sous-agent de support chargé de vérifier une garantie n'obtient pas de réponse du système "
              'fournisseur. Que doit-il renvoyer au coordinateur ?'),
        options={
            'A': ("Une phrase générique « échec de l'opération », sans plus de détail, pour ne pas encombrer le "
                  'contexte du coordinateur.'),
            'B': ("Un résultat de succès vide, pour que le coordinateur poursuive sans s'arrêter sur ce détail."),
            'C': ("Une erreur structurée : ce qui a été tenté, la cause, si l'on peut réessayer, et les résultats "
                  'partiels.'),
            'D': ('Rien : le sous-agent doit réessayer en silence tant que le système fournisseur ne répond pas.'),
        },
        why={
            'A': ('Un message générique empêche le coordinateur de choisir entre réessayer, contourner ou escalader.'),
            'B': ("Un succès vide fait croire que la garantie n'existe pas : c'est une erreur cachée."),
            'C': ('Juste : une erreur qui dit quoi, pourquoi et que faire permet au coordinateur de décider.'),
            'D': ('Le silence bloque le coordinateur et cache la panne à ceux qui pourraient agir.'),
        },
        answer_key='89ddaa2a77f55b89',
    ),
    ExamQuestion(
        id='2.1.e17',
        title='Le rôle du coordinateur',
        ts='1.2',
        section="2. L'architecture en étoile",
        scenario='recherche multi-agents',
        link="../1.2-coordinateur-sous-agents/1.2-coordinateur-sous-agents.ipynb#2.-L'architecture-en-%C3%A9toile",
        stem=('Une équipe conçoit un système de recherche à quatre agents. Laquelle de ces tâches revient au '
              "coordinateur plutôt qu'aux sous-agents ?"),
        options={
            'A': ('Lire en détail chaque document source et en extraire les citations exactes à conserver.'),
            'B': ('Découper la question, choisir quels sous-agents lancer, puis vérifier et agréger leurs résultats.'),
            'C': ("Exécuter toutes les recherches web lui-même pour garantir qu'aucune source importante ne soit "
                  'oubliée.'),
            'D': ('Réécrire chaque résultat des sous-agents dans un style uniforme avant de les comparer.'),
        },
        why={
            'A': ("L'extraction détaillée est le travail d'un sous-agent spécialisé, dans son contexte propre."),
            'B': ('Juste : le coordinateur décompose, délègue, contrôle la couverture et assemble.'),
            'C': ("Tout faire lui-même annule l'intérêt des sous-agents et surcharge son contexte."),
            'D': ("Uniformiser le style est secondaire ; le coordinateur vérifie d'abord la couverture et la qualité."),
        },
        answer_key='8f1026d0a6e0f840',
    ),
    ExamQuestion(
        id='2.1.e18',
        title='Contexte minimal',
        ts='1.2',
        section="4. Un sous-agent, c'est une conversation neuve",
        scenario='CI',
        link="../1.2-coordinateur-sous-agents/1.2-coordinateur-sous-agents.ipynb#4.-Un-sous-agent,-c'est-une-conversation-neuve",
        stem=("En CI, un coordinateur délègue l'analyse d'un échec de test à un sous-agent en lui écrivant "
              'seulement « regarde le test qui échoue ». Le sous-agent explore tout le dépôt. Que manquait-il ?'),
        options={
            'A': ('Un modèle plus puissant pour le sous-agent, capable de deviner seul le test en cause.'),
            'B': ("Un system prompt de sous-agent plus détaillé sur la méthode d'analyse des échecs de "
                  'tests.'),
            'C': ("Un nombre de tours plus élevé, afin que l'exploration du dépôt entier puisse aboutir."),
            'D': ("Le nom du test, la sortie de l'échec et les fichiers concernés, écrits dans son prompt."),
        },
        why={
            'A': ("Aucun modèle ne devine ce qu'on ne lui a pas dit ; le contexte reste à transmettre."),
            'B': ('Une méthode générale ne dit ni quel test a échoué ni où regarder : ce sont des données '
                  'de la tâche, qui vont dans le prompt de délégation.'),
            'C': ("Plus de tours prolongent une recherche qui n'aurait pas dû être nécessaire."),
            'D': ("Juste : le sous-agent ne sait que ce qui figure dans son prompt ; il faut y mettre l'essentiel."),
        },
        answer_key='4d204cdbffd6f82a',
    ),
    ExamQuestion(
        id='2.1.e19',
        title='Selon le guide : le coordinateur ne délègue pas',
        ts='1.3',
        section="2. L'outil qui lance un sous-agent",
        scenario='productivité des développeurs',
        link="../1.3-passer-le-contexte/1.3-passer-le-contexte.ipynb#2.-L'outil-qui-lance-un-sous-agent",
        stem=("Selon le guide de l'examen : un développeur définit trois agents, aux descriptions précises, dans "
              'ClaudeAgentOptions(agents=...). Le coordinateur ne délègue jamais ; son allowed_tools ne contient que'
              " Read et Grep, et aucun can_use_tool n'est fourni. Quelle cause le guide désigne-t-il ?"),
        options={
            'A': ("L'outil de lancement (Task dans le guide) manque dans allowedTools : ses appels ne sont pas "
                  'approuvés.'),
            'B': ("Les trois définitions n'ont pas de champ tools : un sous-agent sans liste d'outils ne peut pas "
                  'être lancé.'),
            'C': ("Le system prompt du coordinateur ne cite pas les agents : il ne délègue qu'à ceux que son prompt "
                  'nomme.'),
            'D': ('Read et Grep doivent figurer aussi dans le champ tools de chaque définition pour que le lancement'
                  ' parte.'),
        },
        why={
            'A': ('Juste selon le guide : sans « Task » dans allowedTools, le lancement retombe dans le flux de '
                  "permission et, sans can_use_tool pour l'accepter, il est refusé. Sur le CLI épinglé du cours, un "
                  'lancement passe même sans Agent dans allowed_tools, qui pré-approuve sans restreindre (notebook '
                  "1.3) : à l'examen, répondez selon le guide."),
            'B': ("Sans champ tools, un sous-agent hérite de tous les outils : c'est un défaut de moindre privilège,"
                  ' pas un empêchement de lancement.'),
            'C': ("Le nom et la description de chaque agent défini sont placés d'office dans le contexte du "
                  "coordinateur ; son prompt n'a pas à les citer."),
            'D': ("Les outils d'un sous-agent décident de ce qu'il pourra faire une fois lancé, pas de l'approbation"
                  ' de son lancement par le coordinateur.'),
        },
        answer_key='a9b13b00ae529e0b',
    ),
    ExamQuestion(
        id='2.1.e20',
        title='Des chiffres mal attribués',
        ts='1.3',
        section='4. Des citations perdues',
        scenario='recherche multi-agents',
        link='../1.3-passer-le-contexte/1.3-passer-le-contexte.ipynb#4.-Des-citations-perdues',
        stem=('Une veille réglementaire attribue, dans son rapport final, des chiffres à la mauvaise '
              'agence publique, alors que chaque sous-agent avait noté la source exacte de chacun. Le '
              'coordinateur fusionne leurs rapports en une prose commune avant la synthèse. Que changer ?'),
        options={
            'A': ('Faire relire le rapport final par le coordinateur, chargé de corriger les attributions '
                  'qui lui semblent douteuses.'),
            'B': ('Réduire le nombre de sous-agents à deux, pour que la synthèse ait moins de sources à '
                  'démêler.'),
            'C': ('Transmettre tels quels les constats des sous-agents : chaque affirmation avec sa '
                  'source, son URL et sa date.'),
            'D': ('Confier la synthèse à un modèle à plus grande fenêtre, qui garde en mémoire les '
                  'rapports complets.'),
        },
        why={
            'A': ('Le coordinateur ne peut corriger que de mémoire : une attribution perdue dans la prose '
                  'ne se devine pas, elle se transporte.'),
            'B': ('Moins de sources, même perte : tant que les rapports sont fondus en prose, '
                  "l'attribution disparaît avant la synthèse."),
            'C': ('Juste : une métadonnée perdue en route ne se retrouve pas ; il faut la transporter avec '
                  "l'affirmation, champ par champ, jusqu'à la synthèse."),
            'D': ("La fenêtre n'y est pour rien : ce que la synthèse reçoit est déjà une prose sans "
                  'attribution, quelle que soit sa taille.'),
        },
        answer_key='a11656a670fe16cd',
    ),
    ExamQuestion(
        id='2.1.e21',
        title="Outils d'un sous-agent",
        ts='1.3',
        section='1. Définir un sous-agent',
        scenario='productivité des développeurs',
        link='../1.3-passer-le-contexte/1.3-passer-le-contexte.ipynb#1.-D%C3%A9finir-un-sous-agent',
        stem=('Un sous-agent « relecteur » ne doit que lire le code et commenter. Dans sa définition, aucun outil '
              "n'est précisé ; il a modifié un fichier. Que corriger ?"),
        options={
            'A': 'Ajouter dans son prompt « ne modifie jamais de fichier », en gras et en début de consigne.',
            'B': 'Restreindre ses outils dans sa définition, par exemple à Read, Grep et Glob seulement.',
            'C': ('Retirer Edit et Write des allowed_tools du coordinateur, pour que le relecteur ne puisse plus y '
                  'accéder.'),
            'D': 'Relire après coup chaque modification et annuler celles qui viennent du relecteur.',
        },
        why={
            'A': ("Une consigne réduit le risque sans le supprimer ; la restriction d'outils l'empêche par "
                  'construction.'),
            'B': ("Juste : sans champ tools, le sous-agent hérite de tous les outils (documentation de l'Agent SDK) "
                  '; on ne lui donne que ce que son rôle exige.'),
            'C': ("allowed_tools pré-approuve des outils, il ne les retire pas ; et c'est la définition du "
                  'relecteur, son champ tools, qui fixe les outils qui existent pour lui.'),
            'D': "Annuler après coup laisse passer l'erreur ; mieux vaut qu'elle soit impossible.",
        },
        answer_key='34d5fdc406c46514',
    ),
    ExamQuestion(
        id='2.1.e22',
        title="Ce qu'on transmet",
        ts='1.3',
        section='3. Les quatre règles du passage de contexte',
        scenario='recherche multi-agents',
        link='../1.3-passer-le-contexte/1.3-passer-le-contexte.ipynb#3.-Les-quatre-r%C3%A8gles-du-passage-de-contexte',
        stem=("Un coordinateur passe à l'agent de synthèse les résultats de trois sous-agents. Lequel de ces "
              'formats préserve le mieux ce dont la synthèse a besoin ?'),
        options={
            'A': ("Un paragraphe où le coordinateur résume à sa façon l'essentiel des trois résultats reçus."),
            'B': ('Un tableau commun aux trois résultats, qui ne garde que chaque affirmation et sa note '
                  'de confiance.'),
            'C': ('Les conclusions seules, car les détails ont déjà été vérifiés par les sous-agents eux-mêmes.'),
            'D': ('Les résultats séparés, chacun avec ses affirmations, ses sources, ses dates et sa méthode.'),
        },
        why={
            'A': ('Un résumé du coordinateur perd des détails et des sources que la synthèse devra citer.'),
            'B': ('Structuré mais appauvri : sans sources ni dates, la synthèse ne peut ni citer ni '
                  'départager deux affirmations.'),
            'C': ('Sans les détails, la synthèse ne peut ni trancher un désaccord ni citer.'),
            'D': ("Juste : des données structurées et complètes gardent l'attribution et permettent de comparer."),
        },
        answer_key='611eecd3c7738d64',
    ),
    ExamQuestion(
        id='2.1.e23',
        title='Parallélisme des sous-agents',
        ts='1.3',
        section="2. L'outil qui lance un sous-agent",
        scenario='recherche multi-agents',
        link="../1.3-passer-le-contexte/1.3-passer-le-contexte.ipynb#2.-L'outil-qui-lance-un-sous-agent",
        stem=("Un coordinateur doit lancer quatre recherches indépendantes. Comment obtenir qu'elles tournent en "
              "même temps plutôt que l'une après l'autre ?"),
        options={
            'A': 'Émettre les quatre appels Agent dans une même réponse du coordinateur.',
            'B': ('Confier les quatre sujets à un seul sous-agent plus puissant, qui les traitera dans un même '
                  'contexte.'),
            'C': 'Ajouter « en parallèle » dans la description de chaque sous-agent défini.',
            'D': 'Lancer le premier sous-agent et lui demander de lancer lui-même les trois autres.',
        },
        why={
            'A': ('Juste : plusieurs appels dans le même tour partent ensemble ; le coordinateur attend les quatre '
                  'résultats.'),
            'B': ("Un seul sous-agent traite ses sujets l'un après l'autre, dans un contexte qui grossit : c'est le "
                  'contraire du parallélisme.'),
            'C': "La description aide à choisir l'agent ; elle ne change pas le moment où il est lancé.",
            'D': 'Une chaîne de lancements reste séquentielle et brouille la supervision.',
        },
        answer_key='ba026d60d92927bd',
    ),
    ExamQuestion(
        id='2.1.e24',
        title="La description d'un agent",
        ts='1.3',
        section='1. Définir un sous-agent',
        scenario='productivité des développeurs',
        link='../1.3-passer-le-contexte/1.3-passer-le-contexte.ipynb#1.-D%C3%A9finir-un-sous-agent',
        stem=('Un coordinateur choisit souvent le mauvais sous-agent parmi « analyste », « relecteur » et « testeur '
              "». Leurs descriptions disent toutes « agent utile pour le code ». Que faire d'abord ?"),
        options={
            'A': ('Fusionner les trois agents en un seul, puisque le coordinateur ne sait pas les distinguer.'),
            'B': ("Donner à chacun un modèle différent (Haiku, Sonnet, Opus) pour qu'ils se distinguent mieux aux yeux "
                  'du coordinateur.'),
            'C': ("Écrire pour chacun une description précise : ce qu'il fait, quand l'appeler, ce qu'il ne fait pas."),
            'D': ("Imposer un ordre fixe : toujours l'analyste, puis le relecteur, puis le testeur."),
        },
        why={
            'A': ("Fusionner perd la spécialisation et les restrictions d'outils propres à chaque rôle."),
            'B': ("Le coordinateur choisit d'après les descriptions, pas d'après le modèle de chacun."),
            'C': ('Juste : la description est ce que lit le coordinateur pour choisir ; elle doit distinguer les rôles.'),
            'D': ('Un ordre fixe lance des agents inutiles et ignore la demande réelle.'),
        },
        answer_key='6dd5fcbe69334a08',
    ),
    ExamQuestion(
        id='2.1.e25',
        title='Objectif et critères',
        ts='1.3',
        section='3. Les quatre règles du passage de contexte',
        scenario='CI',
        link='../1.3-passer-le-contexte/1.3-passer-le-contexte.ipynb#3.-Les-quatre-r%C3%A8gles-du-passage-de-contexte',
        stem=('En CI, un coordinateur demande à un sous-agent « vérifie la pull request ». Le sous-agent rend des remarques '
              "de style alors qu'on attendait une revue de sécurité. Que manquait-il au prompt ?"),
        options={
            'A': ("L'accès à tout le dépôt, pour que le sous-agent lise aussi le code autour des fichiers "
                  'modifiés.'),
            'B': ("L'objectif précis et les critères de qualité : ce qu'il faut chercher et sous quelle forme le "
                  'rendre.'),
            'C': ("Le texte intégral de toutes les pull requests précédentes, pour que le sous-agent voie l'historique."),
            'D': ("Une liste des autres sous-agents, pour qu'il sache ce qu'ils font déjà de leur côté."),
        },
        why={
            'A': ('Plus de code à lire ne dit pas quoi y chercher : il rendrait les mêmes remarques de '
                  'style, sur plus de fichiers.'),
            'B': ('Juste : un sous-agent reçoit une tâche ; objectif, critères et format de sortie doivent y être '
                  'écrits.'),
            'C': ("Les pull requests précédentes noieraient la tâche sans dire ce qu'on attend de celle-ci."),
            'D': ("Savoir ce que font les autres ne lui dit pas ce qu'il doit faire lui-même."),
        },
        answer_key='b4de25bef75b7a35',
    ),
    ExamQuestion(
        id='2.1.e26',
        title='Des sources qui se contredisent',
        ts='1.3',
        section='4. Des citations perdues',
        scenario='recherche multi-agents',
        link='../1.3-passer-le-contexte/1.3-passer-le-contexte.ipynb#4.-Des-citations-perdues',
        stem=('Deux sous-agents rapportent des chiffres différents pour la même statistique, de deux sources '
              'sérieuses. Comment la synthèse doit-elle les traiter ?'),
        options={
            'A': ("Garder le chiffre le plus récent et supprimer l'autre pour ne pas embrouiller le lecteur."),
            'B': ('Calculer la moyenne des deux chiffres et la présenter comme la valeur de référence.'),
            'C': ("Retirer la statistique du rapport, puisqu'on ne peut pas savoir laquelle est juste."),
            'D': ("Présenter les deux valeurs, chacune avec sa source et sa date, et signaler l'écart."),
        },
        why={
            'A': ('Supprimer une source sérieuse cache un désaccord que le lecteur doit connaître.'),
            'B': ("Une moyenne fabrique un chiffre qu'aucune source n'a publié."),
            'C': ("Retirer l'information fait perdre un résultat utile au lieu de l'expliquer."),
            'D': ("Juste : garder l'attribution permet d'afficher le désaccord, avec de quoi en juger."),
        },
        answer_key='71957a65f81ac2e4',
    ),
    ExamQuestion(
        id='2.1.e27',
        title='Déploiement sans tests',
        ts='1.4',
        section="3. La porte de prérequis, dans l'outil",
        scenario='CI',
        link="../1.4-regles-et-passage-de-main/1.4-regles-et-passage-de-main.ipynb#3.-La-porte-de-pr%C3%A9requis,-dans-l'outil",
        stem=("Un agent de CI ne doit appeler deploy qu'après un run_tests réussi sur le même commit ; son "
              "prompt l'exige. Les journaux montrent que, certaines nuits (4 % des cas), il déploie sans "
              'avoir lancé les tests. Que faire ?'),
        options={
            'A': ("Faire refuser deploy par le code tant que run_tests n'a pas réussi sur ce commit."),
            'B': ('Ajouter au prompt trois exemples de nuits réussies où les tests précèdent le '
                  'déploiement.'),
            'C': ('Un second agent qui relit chaque matin les journaux et signale les déploiements faits '
                  'sans tests.'),
            'D': ("Réécrire la description de l'outil deploy pour y préciser que run_tests doit toujours "
                  'passer avant.'),
        },
        why={
            'A': ('Juste : quand un écart a des conséquences graves, la règle doit être garantie par le '
                  "code, pas espérée du modèle ; le refus dit à Claude quoi lancer d'abord."),
            'B': ('Des exemples font baisser les 4 % sans les ramener à zéro : du code non testé partirait '
                  'encore en production.'),
            'C': ('Constater après coup ne retire rien de la production : il faut empêcher le déploiement, '
                  'pas le signaler.'),
            'D': ("Une description d'outil est lue par le modèle : c'est encore une consigne, suivie la "
                  'plupart du temps seulement.'),
        },
        answer_key='c9f8f3bd7e056249',
    ),
    ExamQuestion(
        id='2.1.e28',
        title='Un état partagé',
        ts='1.4',
        section='4. Un état par conversation, jamais global',
        scenario='support client',
        link='../1.4-regles-et-passage-de-main/1.4-regles-et-passage-de-main.ipynb#4.-Un-%C3%A9tat-par-conversation,-jamais-global',
        stem=('Une porte de prérequis enregistre « client vérifié » dans une variable globale. Deux conversations '
              "tournent en même temps ; l'une débloque un remboursement pour l'autre. Que corriger ?"),
        options={
            'A': ("Ranger l'état dans un attribut de l'objet outil, créé une seule fois au démarrage du service."),
            'B': ("Interdire deux conversations simultanées en plaçant un verrou autour de tout l'agent."),
            'C': ("Garder l'état de vérification par conversation, et vérifier l'identifiant du client concerné."),
            'D': ("Déplacer le contrôle dans un hook PreToolUse qui lit la même variable avant chaque remboursement."),
        },
        why={
            'A': ("Un objet créé une fois pour tout le service reste partagé par toutes les conversations : la fuite "
                  'demeure.'),
            'B': ('Un verrou global sérialise tout le service pour un problème de portée de variable.'),
            'C': ('Juste : chaque conversation a son propre état ; la porte vérifie le bon client.'),
            'D': ("Le hook lit toujours un état commun à toutes les conversations : déplacer le contrôle ne change "
                  'pas sa portée.'),
        },
        answer_key='ad647742e2acc686',
    ),
    ExamQuestion(
        id='2.1.e29',
        title='Le dossier de passage',
        ts='1.4',
        section='8. Passer la main : un dossier qui se lit seul',
        scenario='support client',
        link='../1.4-regles-et-passage-de-main/1.4-regles-et-passage-de-main.ipynb#8.-Passer-la-main-%3A-un-dossier-qui-se-lit-seul',
        stem=("Un remboursement de 900 € dépasse le seuil de l'agent ; il passe la main à un humain. L'humain n'a "
              'pas accès à la conversation. Que doit contenir le message de passage ?'),
        options={
            'A': ('La transcription intégrale de la conversation, sans mise en forme, pour ne rien perdre.'),
            'B': ("L'identifiant du client, la demande, ce qui a été vérifié, le montant et l'action recommandée."),
            'C': ("Une phrase courte « client mécontent, à rappeler », pour ne pas surcharger l'agent humain."),
            'D': ("Le numéro de conversation, puisque l'humain retrouvera le reste dans les journaux."),
        },
        why={
            'A': ("Une transcription brute oblige l'humain à tout relire et à en extraire lui-même l'essentiel."),
            'B': ("Juste : un dossier qui se lit seul permet d'agir sans refaire l'enquête ni rappeler le client."),
            'C': ("Trop court : l'humain devra recommencer la vérification depuis le début."),
            'D': ("L'humain n'a justement pas accès à la conversation : un renvoi ne suffit pas."),
        },
        answer_key='3fed986990cac9e8',
    ),
    ExamQuestion(
        id='2.1.e30',
        title='Plusieurs demandes à la fois',
        ts='1.4',
        section='7. Une demande, plusieurs sujets',
        scenario='support client',
        link='../1.4-regles-et-passage-de-main/1.4-regles-et-passage-de-main.ipynb#7.-Une-demande,-plusieurs-sujets',
        stem=('Un client écrit : « remboursez ma commande 12, changez mon adresse et dites-moi où en est la 15 ». '
              "L'agent ne traite que le remboursement. Que faire ?"),
        options={
            'A': "Répondre au client qu'il doit envoyer une demande distincte pour chaque sujet à traiter.",
            'B': "Traiter les trois demandes l'une après l'autre et envoyer trois réponses séparées, une par sujet.",
            'C': "Passer la main à un humain : une demande qui mêle trois sujets dépasse ce qu'un agent peut suivre.",
            'D': ("Distinguer les trois sujets, les traiter chacun (en parallèle s'ils sont indépendants), puis "
                  'répondre.'),
        },
        why={
            'A': 'Renvoyer le travail au client dégrade le service pour un cas courant.',
            'B': ('Les trois sujets sont traités, mais en série et en réponses décousues ; on attend une '
                  'investigation par sujet, en parallèle sur le même contexte client, puis une réponse unifiée.'),
            'C': ("Ces trois demandes sont simples et dans le périmètre de l'agent : les escalader surcharge les "
                  'humains sans raison.'),
            'D': 'Juste : on décompose la demande, on traite chaque partie, on rassemble une réponse unique.',
        },
        answer_key='1749b9eda5f6c48d',
    ),
    ExamQuestion(
        id='2.1.e31',
        title='Consigne ou code',
        ts='1.4',
        section="1. Presque toujours, ce n'est pas toujours",
        scenario='support client',
        link="../1.4-regles-et-passage-de-main/1.4-regles-et-passage-de-main.ipynb#1.-Presque-toujours,-ce-n'est-pas-toujours",
        stem=("Une équipe hésite : imposer « vérifier l'identité avant tout remboursement » par le prompt ou par le "
              "code. Qu'est-ce qui doit trancher ?"),
        options={
            'A': ("Les conséquences d'un écart : si elles sont graves ou financières, la règle va dans le code."),
            'B': ("La facilité à l'écrire : une règle qui tient en une phrase claire reste dans le prompt, "
                  'les autres vont dans le code.'),
            'C': ('Le modèle utilisé : un modèle récent suit assez bien ses consignes pour garder ces règles dans le prompt.'),
            'D': ("La fréquence d'usage de l'outil : plus il est appelé, moins le code est nécessaire."),
        },
        why={
            'A': ('Juste : une consigne donne une conformité probable ; un enjeu grave exige une garantie déterministe.'),
            'B': ("Une règle simple à écrire n'en est pas suivie à coup sûr : le critère est le coût d'un "
                  'écart, pas la forme de la règle.'),
            'C': ('Même un excellent modèle suit une consigne avec une probabilité, pas une certitude.'),
            'D': ("C'est l'inverse : un outil très utilisé multiplie les occasions d'écart."),
        },
        answer_key='4d27a06c1e0ee239',
    ),
    ExamQuestion(
        id='2.1.e32',
        title='Où placer la porte',
        ts='1.4',
        section='5. La même porte, en hook PreToolUse',
        scenario='support client',
        link='../1.4-regles-et-passage-de-main/1.4-regles-et-passage-de-main.ipynb#5.-La-m%C3%AAme-porte,-en-hook-PreToolUse',
        stem=("Une équipe utilise l'Agent SDK et veut empêcher process_refund tant que le client n'est pas vérifié. "
              'Quelle mise en œuvre convient ?'),
        options={
            'A': ("Un hook PostToolUse qui annule le remboursement une fois exécuté si le client n'était pas vérifié."),
            'B': ("Une phrase du system prompt rappelant l'ordre des outils, répétée à chaque nouvelle session."),
            'C': ("Un hook PreToolUse qui refuse l'appel, avec une raison, tant que la vérification manque."),
            'D': ("Un outil supplémentaire que Claude peut appeler pour demander s'il a le droit de rembourser."),
        },
        why={
            'A': ("PostToolUse arrive après l'exécution : le remboursement est déjà parti."),
            'B': ('Une consigne, même répétée, reste une demande au modèle, pas une garantie.'),
            'C': ("Juste : PreToolUse intercepte l'appel avant qu'il parte ; le refus et sa raison reviennent à Claude."),
            'D': ("Demander la permission reste facultatif pour le modèle : rien ne l'y oblige."),
        },
        answer_key='da995cc9d26d04bb',
    ),
    ExamQuestion(
        id='2.1.e33',
        title='Quand passer la main',
        ts='1.4',
        section='8. Passer la main : un dossier qui se lit seul',
        scenario='support client',
        link='../1.4-regles-et-passage-de-main/1.4-regles-et-passage-de-main.ipynb#8.-Passer-la-main-%3A-un-dossier-qui-se-lit-seul',
        stem=("Un client demande explicitement à parler à un humain, pour une question que l'agent saurait traiter. "
              "Que doit faire l'agent ?"),
        options={
            'A': "Résoudre d'abord le problème, puisqu'il en est capable, et proposer l'humain si le client insiste.",
            'B': 'Passer la main à un humain, avec un dossier qui résume la demande et ce qui est déjà connu.',
            'C': 'Passer la main à un humain en lui transmettant la transcription complète, sans résumé à rédiger.',
            'D': ("Évaluer d'abord la complexité : le passage à un humain se réserve aux cas que l'agent ne sait pas"
                  ' traiter.'),
        },
        why={
            'A': ("Le client a demandé un humain : passer outre, même pour l'aider, ignore une demande explicite "
                  "qu'il faut respecter."),
            'B': "Juste : une demande explicite d'humain se respecte, avec un passage de main bien documenté.",
            'C': ("La transcription brute oblige l'humain à tout relire ; le passage de main attendu est un dossier "
                  'qui se suffit (demande, identité vérifiée, ce qui a été fait, ce qui reste).'),
            'D': ("La complexité est un motif d'escalade parmi d'autres ; une demande explicite du client en est un "
                  'par elle-même.'),
        },
        answer_key='62ee086a313c7714',
    ),
    ExamQuestion(
        id='2.1.e34',
        title='Message de refus',
        ts='1.4',
        section="3. La porte de prérequis, dans l'outil",
        scenario='support client',
        link="../1.4-regles-et-passage-de-main/1.4-regles-et-passage-de-main.ipynb#3.-La-porte-de-pr%C3%A9requis,-dans-l'outil",
        stem=("La porte de prérequis bloque process_refund. Que doit renvoyer l'outil à Claude pour que la "
              'conversation avance ?'),
        options={
            'A': ("Un résultat de succès vide, pour que Claude continue sans s'arrêter au blocage."),
            'B': ('Une exception Python, que la boucle transforme en fin de conversation polie, avec un '
                  "message d'excuse."),
            'C': ('Un message vague « action impossible », pour ne pas exposer les règles internes.'),
            'D': ('Une erreur qui dit ce qui manque (vérifier le client avec get_customer) et comment débloquer.'),
        },
        why={
            'A': ('Un faux succès fait croire au remboursement et trompe le client.'),
            'B': ('Finir la conversation prive Claude de la possibilité de corriger le parcours : il '
                  'suffisait de vérifier le client.'),
            'C': ("Sans explication, Claude ne sait pas quoi faire ensuite et risque de réessayer à l'identique."),
            'D': ("Juste : une erreur explicite oriente Claude vers l'étape manquante, et la conversation reprend."),
        },
        answer_key='b845c3e2c527533c',
    ),
    ExamQuestion(
        id='2.1.e35',
        title='Seuil de remboursement',
        ts='1.4',
        section='2. Le terrain : un guichet sans porte',
        scenario='support client',
        link='../1.4-regles-et-passage-de-main/1.4-regles-et-passage-de-main.ipynb#2.-Le-terrain-%3A-un-guichet-sans-porte',
        stem=('La politique impose un accord humain au-delà de 500 €. Un client demande 650 €. Quel comportement de '
              "l'agent est correct ?"),
        options={
            'A': "Refuser d'exécuter le remboursement et passer la main à un humain avec un dossier complet.",
            'B': ("Rembourser 500 € tout de suite et signaler au client qu'il recevra le reste plus tard, après "
                  'validation.'),
            'C': 'Rembourser 650 € puisque le client est vérifié et la commande bien identifiée.',
            'D': 'Rembourser les 650 € et signaler le dépassement à un superviseur, qui pourra le contrôler ensuite.',
        },
        why={
            'A': "Juste : au-delà du seuil, la décision revient à un humain ; l'agent prépare le dossier.",
            'B': 'Un remboursement partiel non demandé contourne la politique sans la respecter.',
            'C': 'La vérification du client ne lève pas la règle du seuil.',
            'D': ("Un contrôle après coup ne respecte pas la règle : l'accord humain doit précéder le remboursement,"
                  ' pas le suivre.'),
        },
        answer_key='2ddb0627e6fae660',
    ),
    ExamQuestion(
        id='2.1.e36',
        title="Bloquer avant l'appel",
        ts='1.5',
        section='3. PreToolUse : le point de contrôle',
        scenario='support client',
        link='../1.5-hooks-agent-sdk/1.5-hooks-agent-sdk.ipynb#3.-PreToolUse-%3A-le-point-de-contr%C3%B4le',
        stem=("Un agent de support ne doit jamais rembourser plus de 500 € sans humain. L'équipe a un hook "
              'PostToolUse qui vérifie le montant. Des remboursements de 800 € passent quand même. Pourquoi ?'),
        options={
            'A': ('Le hook renvoie un simple message ; avec decision « block », PostToolUse aurait empêché '
                  'le remboursement.'),
            'B': ("Le matcher du hook est mal écrit ; avec le bon matcher, PostToolUse aurait bloqué l'appel fautif."),
            'C': ("PostToolUse s'exécute après l'outil : il faut refuser l'appel en PreToolUse, avec une raison."),
            'D': ("Les hooks ne s'appliquent qu'aux outils intégrés, pas aux outils MCP comme process_refund."),
        },
        why={
            'A': ("Le « block » de PostToolUse arrive après l'exécution : il signale un problème à Claude, "
                  "l'argent est déjà parti."),
            'B': ('Même bien déclenché, un PostToolUse ne peut plus empêcher un appel déjà exécuté.'),
            'C': ("Juste : PreToolUse intercepte l'appel avant qu'il parte ; un deny l'empêche et explique pourquoi."),
            'D': ("Les hooks s'appliquent aussi aux outils MCP, à condition que le matcher corresponde à leur nom."),
        },
        answer_key='629dc3c5bca166e1',
    ),
    ExamQuestion(
        id='2.1.e37',
        title='Des poids dans trois unités',
        ts='1.5',
        section='4. PostToolUse : le point de normalisation',
        scenario='support client',
        link='../1.5-hooks-agent-sdk/1.5-hooks-agent-sdk.ipynb#4.-PostToolUse-%3A-le-point-de-normalisation',
        stem=("Un agent de support compare les colis d'un client à l'aide de trois outils tiers, dont on ne peut pas"
              " changer le format : l'un donne le poids en grammes, l'autre en kilogrammes, le troisième en livres. "
              "L'agent désigne parfois le mauvais colis comme le plus léger. Quelle solution est la plus fiable ?"),
        options={
            'A': ('Placer dans le system prompt une table de conversion et la consigne de convertir avant toute '
                  'comparaison.'),
            'B': ('Un hook PostToolUse qui convertit chaque poids en kilogrammes dans le résultat, avant que Claude '
                  'ne le lise.'),
            'C': ('Un hook PreToolUse qui ajoute unit="kg" à l\'entrée de chaque appel, pour obtenir des kilogrammes '
                  'partout.'),
            'D': "Un outil convert_weight, que Claude appelle quand il a un doute sur l'unité d'un des poids reçus.",
        },
        why={
            'A': ("La consigne rend l'erreur plus rare sans l'exclure : la conversion reste faite, ou oubliée, par "
                  'le modèle.'),
            'B': ('Juste : PostToolUse réécrit le résultat avant que le modèle le voie ; la conversion est faite par'
                  " le code, à chaque appel, quelle que soit l'unité d'origine."),
            'C': ("Ces outils tiers ne connaissent pas de paramètre unit : modifier l'entrée ne change pas le format"
                  ' du résultat.'),
            'D': "L'outil ne sert que si le modèle remarque l'ambiguïté ; c'est justement ce qu'il manque de faire.",
        },
        answer_key='bd65cb6cc30cd732',
    ),
    ExamQuestion(
        id='2.1.e38',
        title='Hook qui plante',
        ts='1.5',
        section='6. Un hook qui lève une exception ne protège rien',
        scenario='support client',
        link='../1.5-hooks-agent-sdk/1.5-hooks-agent-sdk.ipynb#6.-Un-hook-qui-l%C3%A8ve-une-exception-ne-prot%C3%A8ge-rien',
        stem=('Un hook PreToolUse censé bloquer les gros remboursements lève une exception sur un montant reçu en '
              "texte ; process_refund figure dans allowed_tools. Que se passe-t-il sur le CLI épinglé du cours ?"),
        options={
            'A': ("L'appel est bloqué par sécurité : toute erreur de hook vaut un refus de l'outil."),
            'B': ("La session s'arrête avec une erreur et Claude ne reçoit plus aucune réponse."),
            'C': ("Le CLI passe au hook suivant et, faute de décision, refuse l'appel par prudence."),
            'D': ("L'erreur est signalée, mais l'appel passe : l'outil étant pré-approuvé, le hook ne protège rien."),
        },
        why={
            'A': ("C'est l'inverse : le CLI n'interprète pas une exception comme un refus."),
            'B': ("La session continue : l'erreur du hook n'arrête pas l'agent."),
            'C': ("Sans décision, le CLI ne refuse pas : il applique le circuit de permission ordinaire, qui laisse "
                  'passer un outil pré-approuvé.'),
            'D': ("Juste : une exception ne compte pour aucune décision ; le circuit de permission ordinaire s'applique "
                  "et l'outil pré-approuvé s'exécute. Le refus doit être un deny explicite."),
        },
        answer_key='2bd6a50b9e178151',
    ),
    ExamQuestion(
        id='2.1.e39',
        title="Matcher d'un outil MCP",
        ts='1.5',
        section='3. PreToolUse : le point de contrôle',
        scenario='support client',
        link='../1.5-hooks-agent-sdk/1.5-hooks-agent-sdk.ipynb#3.-PreToolUse-%3A-le-point-de-contr%C3%B4le',
        stem=("Un hook déclaré avec le matcher « process_refund » ne se déclenche jamais ; l'outil s'appelle "
              'mcp__support__process_refund. Que faire ?'),
        options={
            'A': ('Utiliser un matcher qui correspond au nom complet, par exemple une expression « '
                  'mcp__.*__process_refund ».'),
            'B': ("Renommer l'outil process_refund dans le serveur MCP, car les hooks ignorent les préfixes."),
            'C': ('Déclarer le hook en PostToolUse, où les noms courts des outils MCP sont reconnus.'),
            'D': ("Retirer le matcher : un hook sans matcher ne s'applique qu'aux outils intégrés du CLI."),
        },
        why={
            'A': ('Juste : un nom simple doit correspondre exactement ; une expression régulière couvre le nom préfixé.'),
            'B': ("Le serveur MCP garde son préfixe ; c'est le matcher qu'il faut aligner sur le nom réel."),
            'C': ('Le matcher fonctionne de la même façon en PreToolUse et en PostToolUse.'),
            'D': ("Sans matcher (ou avec « * »), le hook s'applique à tous les outils, MCP compris."),
        },
        answer_key='9a3b5fc33ee786b1',
    ),
    ExamQuestion(
        id='2.1.e40',
        title="Corriger l'entrée",
        ts='1.5',
        section="5. Corriger l'appel, compléter le résultat",
        scenario='productivité des développeurs',
        link="../1.5-hooks-agent-sdk/1.5-hooks-agent-sdk.ipynb#5.-Corriger-l'appel,-compl%C3%A9ter-le-r%C3%A9sultat",
        stem=("Un outil de déploiement exige un nom d'environnement en minuscules ; Claude envoie parfois « PROD ». "
              "L'équipe préfère corriger plutôt que refuser. Quelle option ?"),
        options={
            'A': ("Un hook PreToolUse qui renvoie permissionDecision « ask », pour qu'un humain corrige le "
                  'nom.'),
            'B': ("Une consigne dans le prompt qui rappelle d'écrire les environnements en minuscules."),
            'C': ('Un hook PreToolUse qui renvoie une entrée modifiée (updatedInput) avec le nom en minuscules.'),
            'D': ('Un deny dont la raison dit « environnement en minuscules », pour que Claude renvoie '
                  "l'appel corrigé."),
        },
        why={
            'A': ("ask soumet l'appel à une approbation, il ne corrige rien ; et il mobilise un humain "
                  'pour une correction mécanique.'),
            'B': ('Une consigne réduit les erreurs sans les éliminer.'),
            'C': ("Juste : PreToolUse peut modifier l'entrée avant l'exécution ; la correction est certaine."),
            'D': ('Cela marche souvent, mais coûte un aller-retour et dépend de Claude ; updatedInput '
                  'corrige à coup sûr, sans refus.'),
        },
        answer_key='397eb94e14aecea7',
    ),
    ExamQuestion(
        id='2.1.e41',
        title='Une raison utile',
        ts='1.5',
        section='3. PreToolUse : le point de contrôle',
        scenario='support client',
        link='../1.5-hooks-agent-sdk/1.5-hooks-agent-sdk.ipynb#3.-PreToolUse-%3A-le-point-de-contr%C3%B4le',
        stem=('Un hook PreToolUse refuse un remboursement de 700 € avec la raison « refusé ». Claude réessaie le '
              'même appel trois fois. Que changer ?'),
        options={
            'A': ("Remplacer le deny par « ask » : l'appel attendra une approbation et Claude cessera de "
                  'le répéter.'),
            'B': ('Donner une raison qui explique le seuil et oriente vers escalate_to_human.'),
            'C': ("Transformer le refus en exception pour que la boucle s'arrête au premier essai."),
            'D': ('Ajouter au system prompt « ne réessaie pas un remboursement refusé ».'),
        },
        why={
            'A': ('ask soumet chaque essai à une approbation sans dire à Claude la voie à suivre ; le '
                  'seuil est une règle, pas une question à poser.'),
            'B': ('Juste : la raison revient à Claude comme erreur ; si elle indique la voie correcte, il la prend.'),
            'C': ("Une exception dans un hook ne vaut aucune décision : l'appel suit le circuit de permission ordinaire, "
                  "et un outil pré-approuvé s'exécute ; c'est l'effet inverse."),
            'D': ('La consigne peut réduire les répétitions, mais Claude ne sait toujours pas quoi faire à '
                  "la place : c'est la raison du refus qui doit l'orienter."),
        },
        answer_key='58435cf710395118',
    ),
    ExamQuestion(
        id='2.1.e42',
        title='Pourquoi un hook',
        ts='1.5',
        section="1. Un hook, c'est votre code",
        scenario='CI',
        link="../1.5-hooks-agent-sdk/1.5-hooks-agent-sdk.ipynb#1.-Un-hook,-c'est-votre-code",
        stem=('En CI, un agent ne doit jamais exécuter « git push --force ». Un collègue propose de le préciser '
              "dans CLAUDE.md. Qu'apporte un hook de plus ?"),
        options={
            'A': ("Rien : CLAUDE.md est lu au démarrage et suffit à interdire une commande à l'agent."),
            'B': ("Un hook rend la règle plus lisible pour le modèle qu'une ligne dans CLAUDE.md."),
            'C': ("Un hook réduit le coût en jetons, car la règle n'est plus envoyée dans le contexte du modèle."),
            'D': ('Un hook est du code exécuté à chaque appel : il bloque la commande de façon certaine.'),
        },
        why={
            'A': ("CLAUDE.md oriente le modèle ; il ne garantit pas qu'une commande ne partira jamais."),
            'B': ("Le hook n'est pas lu par le modèle : il s'exécute hors de lui, c'est ce qui le rend fiable."),
            'C': ("L'économie de jetons est marginale ; l'intérêt est la garantie."),
            'D': ('Juste : une règle qui ne doit jamais être enfreinte se met dans du code qui décide à chaque appel.'),
        },
        answer_key='442f4cd69d4d41ec',
    ),
    ExamQuestion(
        id='2.1.e43',
        title='Nettoyer un résultat',
        ts='1.5',
        section='4. PostToolUse : le point de normalisation',
        scenario='productivité des développeurs',
        link='../1.5-hooks-agent-sdk/1.5-hooks-agent-sdk.ipynb#4.-PostToolUse-%3A-le-point-de-normalisation',
        stem=("Un outil renvoie des journaux de 20 000 lignes dont seules les erreurs intéressent l'agent. Son "
              'contexte sature vite. Où filtrer ?'),
        options={
            'A': ("Dans un hook PostToolUse qui ne garde que les lignes d'erreur avant que Claude lise le résultat."),
            'B': ("Dans le prompt, en demandant à Claude d'ignorer les lignes qui ne sont pas des erreurs."),
            'C': ('Dans un hook PreToolUse qui réduit la période demandée à la dernière heure, pour des '
                  'journaux plus courts.'),
            'D': ("Nulle part : un modèle à grande fenêtre de contexte lira les 20 000 lignes d'un seul tenant."),
        },
        why={
            'A': ("Juste : PostToolUse modifie le résultat avant qu'il entre dans le contexte ; le modèle ne lit que "
                  "l'utile."),
            'B': ('Les lignes sont déjà dans le contexte : demander de les ignorer ne libère aucune place.'),
            'C': ('Une période plus courte peut manquer les erreurs cherchées et garde le bruit dans ce '
                  "qu'elle renvoie : c'est le résultat qu'il faut filtrer."),
            'D': ("Même lisible, un résultat énorme dilue l'attention et coûte cher à chaque tour."),
        },
        answer_key='d4a2f39e4e5020cc',
    ),
    ExamQuestion(
        id='2.1.e44',
        title='Deux hooks en désaccord',
        ts='1.5',
        section='3. PreToolUse : le point de contrôle',
        scenario='support client',
        link='../1.5-hooks-agent-sdk/1.5-hooks-agent-sdk.ipynb#3.-PreToolUse-%3A-le-point-de-contr%C3%B4le',
        stem=("Deux hooks PreToolUse s'appliquent au même appel : l'un autorise (allow), l'autre refuse (deny). "
              "Quelle décision l'emporte ?"),
        options={
            'A': ("Celle du hook déclaré en premier dans la configuration de l'agent."),
            'B': ('Celle du hook qui a répondu le plus vite, les autres étant ignorés.'),
            'C': ("Le refus : deny l'emporte sur les autres décisions."),
            'D': ("L'autorisation, car un allow explicite prend le pas sur les restrictions."),
        },
        why={
            'A': ("L'ordre de déclaration ne décide pas : une priorité fixe s'applique."),
            'B': ("La vitesse de réponse n'entre pas en compte dans la décision."),
            'C': ("Juste : deny l'emporte sur defer, ask et allow ; un refus ne peut pas être contourné."),
            'D': ("C'est l'inverse : un allow ne peut pas annuler le refus d'un autre hook."),
        },
        answer_key='d5cfddea386f1b7b',
    ),
    ExamQuestion(
        id='2.1.e45',
        title="Revue d'une grosse pull request",
        ts='1.6',
        section='1. Douze fichiers, une seule passe',
        scenario='CI',
        link='../1.6-decomposer-une-tache/1.6-decomposer-une-tache.ipynb#1.-Douze-fichiers,-une-seule-passe',
        stem=('En CI, un agent relit une pull request de quatorze fichiers en une seule passe. Certains fichiers reçoivent '
              "une analyse fouillée, d'autres presque rien, et des bugs évidents passent. Quelle est la cause ?"),
        options={
            'A': ('Le modèle manque de connaissances sur les langages de certains fichiers de la pull request.'),
            'B': ("L'attention se dilue sur trop de fichiers à la fois ; la qualité devient inégale."),
            'C': ("Le prompt de revue n'insiste pas assez sur la rigueur attendue pour chaque fichier."),
            'D': ('La fenêtre de contexte est trop petite pour contenir les quatorze fichiers ensemble.'),
        },
        why={
            'A': ("Les bugs manqués sont évidents : ce n'est pas une question de connaissance du langage."),
            'B': ("Juste : une passe unique sur beaucoup de fichiers répartit mal l'attention ; d'où l'inégalité."),
            'C': ('Insister dans le prompt ne règle pas une limite structurelle de la passe unique.'),
            'D': ("Les fichiers tenaient dans la fenêtre : le problème est l'attention, pas la place."),
        },
        answer_key='a624748ebf7be32d',
    ),
    ExamQuestion(
        id='2.1.e46',
        title='Restructurer la revue',
        ts='1.6',
        section='2. La correction structurelle : passes locales, puis intégration',
        scenario='CI',
        link='../1.6-decomposer-une-tache/1.6-decomposer-une-tache.ipynb#2.-La-correction-structurelle-%3A-passes-locales,-puis-int%C3%A9gration',
        stem=('Pour la même pull request de quatorze fichiers, quelle organisation de la revue donne des résultats homogènes '
              '?'),
        options={
            'A': ('Une passe unique avec un modèle plus grand et une fenêtre de contexte plus large.'),
            'B': ('Trois passes complètes identiques, puis ne garder que les remarques trouvées au moins deux fois.'),
            'C': ("Une passe unique, précédée d'une liste de contrôle détaillée que le modèle coche "
                  'fichier par fichier.'),
            'D': ("Une passe locale par fichier, puis une passe d'intégration sur les flux entre fichiers."),
        },
        why={
            'A': ("Une plus grande fenêtre ne règle pas la dilution de l'attention."),
            'B': ('Trois passes diluées votent sur les mêmes angles morts et écartent de vrais bugs.'),
            'C': ("La liste structure la consigne, mais la passe reste unique : l'attention se répartit "
                  'toujours sur quatorze fichiers.'),
            'D': ("Juste : chaque fichier reçoit toute l'attention, puis l'intégration vérifie ce qui les relie."),
        },
        answer_key='d997d274029d43e2',
    ),
    ExamQuestion(
        id='2.1.e47',
        title="Rôle de l'intégration",
        ts='1.6',
        section='2. La correction structurelle : passes locales, puis intégration',
        scenario='CI',
        link='../1.6-decomposer-une-tache/1.6-decomposer-une-tache.ipynb#2.-La-correction-structurelle-%3A-passes-locales,-puis-int%C3%A9gration',
        stem=("Après des passes locales par fichier, une équipe supprime la passe d'intégration pour gagner du "
              'temps. Quel type de défaut risque-t-elle de manquer ?'),
        options={
            'A': ('Les incohérences entre fichiers, comme un appel qui ne correspond plus à une signature modifiée.'),
            'B': ('Les fautes de frappe dans les commentaires et les docstrings, que seule une relecture globale peut '
                  'repérer.'),
            'C': ("Les erreurs de syntaxe, qui n'apparaissent qu'une fois tous les fichiers réunis."),
            'D': ("Rien de plus : chaque passe locale décrit déjà les imports de son fichier."),
        },
        why={
            'A': ("Juste : une passe locale ne voit qu'un fichier ; les dépendances entre fichiers demandent une vue "
                  "d'ensemble."),
            'B': ('Une faute de frappe se voit dans le fichier où elle se trouve, donc en passe locale.'),
            'C': ('Une erreur de syntaxe est locale à son fichier.'),
            'D': ('Une passe locale ignore par construction ce qui se passe dans les autres fichiers.'),
        },
        answer_key='3ad3f02b5465b6c5',
    ),
    ExamQuestion(
        id='2.1.e48',
        title='Plan fixe ou adaptatif',
        ts='1.6',
        section='4. Chaîne fixe ou décomposition dynamique',
        scenario='productivité des développeurs',
        link='../1.6-decomposer-une-tache/1.6-decomposer-une-tache.ipynb#4.-Cha%C3%AEne-fixe-ou-d%C3%A9composition-dynamique',
        stem=("Un agent doit « ajouter des tests à un module hérité ». Ce qu'il découvrira (dépendances, code mort) "
              "n'est pas connu d'avance. Quelle décomposition choisir ?"),
        options={
            'A': ("Un enchaînement fixe d'étapes écrit à l'avance, le même pour chaque module hérité."),
            'B': ("Un seul prompt qui demande les tests d'un coup, pour laisser le modèle s'organiser."),
            'C': ("Une décomposition dynamique : cartographier d'abord, puis planifier et ajuster selon les "
                  'découvertes.'),
            'D': ("Une passe par fonction du module, sans vue d'ensemble, dans l'ordre du fichier."),
        },
        why={
            'A': ("Une chaîne fixe convient aux tâches prévisibles ; ici les étapes dépendent de ce qu'on trouve."),
            'B': ("Tout d'un coup, la tâche dilue l'attention et ne s'adapte à rien."),
            'C': ("Juste : pour une tâche ouverte, le plan naît de l'exploration et s'adapte aux découvertes."),
            'D': ('Découper par fonction sans carte fait manquer les dépendances entre elles.'),
        },
        answer_key='0f2075cd64232143',
    ),
    ExamQuestion(
        id='2.1.e49',
        title='Une chaîne fixe',
        ts='1.6',
        section='4. Chaîne fixe ou décomposition dynamique',
        scenario='CI',
        link='../1.6-decomposer-une-tache/1.6-decomposer-une-tache.ipynb#4.-Cha%C3%AEne-fixe-ou-d%C3%A9composition-dynamique',
        stem=('Chaque nuit, un pipeline de CI extrait les changements, les résume, puis rédige une note de version. '
              'Les étapes ne changent jamais. Quelle décomposition convient ?'),
        options={
            'A': ('Une décomposition dynamique où un agent décide chaque nuit des étapes à suivre ensuite.'),
            'B': ('Un enchaînement fixe de prompts, chaque étape recevant la sortie de la précédente.'),
            'C': ("Un seul prompt qui fait l'extraction, le résumé et la rédaction en une fois."),
            'D': ('Un coordinateur et trois sous-agents qui se répartissent librement le travail.'),
        },
        why={
            'A': ('Une planification dynamique ajoute du coût et de la variabilité à une tâche prévisible.'),
            'B': ('Juste : pour des étapes connues et stables, une chaîne fixe est simple, fiable et vérifiable.'),
            'C': ('Tout en un mélange les étapes et rend les erreurs difficiles à localiser.'),
            'D': ('Un coordinateur se justifie quand le découpage dépend de la tâche ; ici il est fixe.'),
        },
        answer_key='886531e7099ad892',
    ),
    ExamQuestion(
        id='2.1.e50',
        title='Un faux remède',
        ts='1.6',
        section='3. Les remèdes qui ne règlent rien',
        scenario='CI',
        link='../1.6-decomposer-une-tache/1.6-decomposer-une-tache.ipynb#3.-Les-rem%C3%A8des-qui-ne-r%C3%A8glent-rien',
        stem=("Une revue en passe unique manque des bugs. Un collègue propose d'exiger de Claude un « score de "
              "confiance » par remarque et de ne garder que les scores élevés. Qu'en penser ?"),
        options={
            'A': ('Bonne idée : les scores de confiance du modèle sont calibrés et filtrent bien les remarques.'),
            'B': ('Bonne idée, à condition de fixer le seuil à 90 % pour ne garder que le plus sûr.'),
            'C': ('Inutile mais sans risque : les remarques fausses auront de toute façon un score faible.'),
            'D': ("Ce filtre ne règle pas la dilution : les bugs jamais vus n'ont pas de score du tout."),
        },
        why={
            'A': ("Un score auto-déclaré n'est pas une mesure fiable de justesse."),
            'B': ('Un seuil élevé écarte aussi de vraies remarques, sans rien ajouter.'),
            'C': ("Une remarque fausse peut avoir un score élevé ; le filtre n'est pas sans risque."),
            'D': ('Juste : filtrer ce qui a été vu ne fait pas voir ce qui a été manqué ; il faut changer la structure.'),
        },
        answer_key='259f63b19eb9a6f6',
    ),
    ExamQuestion(
        id='2.1.e51',
        title='Plus grande fenêtre',
        ts='1.6',
        section='1. Douze fichiers, une seule passe',
        scenario='productivité des développeurs',
        link='../1.6-decomposer-une-tache/1.6-decomposer-une-tache.ipynb#1.-Douze-fichiers,-une-seule-passe',
        stem=('Face à une revue inégale sur un gros changement, un manager propose de passer à un modèle dont la '
              'fenêtre de contexte est deux fois plus grande. Pourquoi cela ne suffit-il pas ?'),
        options={
            'A': "Le problème vient de la dilution de l'attention, pas de la place disponible dans le contexte.",
            'B': 'Un modèle à grande fenêtre répond plus lentement : la revue dépasserait le délai accordé à la CI.',
            'C': ("Il faudrait en plus une consigne demandant au modèle d'accorder la même attention à chaque "
                  'fichier.'),
            'D': 'Le changement dépasse déjà la fenêtre actuelle, et une partie resterait tronquée malgré tout.',
        },
        why={
            'A': ("Juste : tout tenait déjà dans la fenêtre ; c'est la répartition de l'attention qu'il faut "
                  'corriger.'),
            'B': "La latence peut compter, mais elle n'explique pas la revue inégale : le défaut resterait entier.",
            'C': ("Une consigne ne change pas la façon dont l'attention se répartit sur un long contexte ; il faut "
                  "changer la structure de la revue (une passe par fichier, puis une passe d'intégration)."),
            'D': "Rien n'était tronqué : tout tenait déjà dans la fenêtre, et la revue était pourtant inégale.",
        },
        answer_key='746afebbbc4b8fd8',
    ),
    ExamQuestion(
        id='2.1.e52',
        title='Décomposer une recherche',
        ts='1.6',
        section='2. La correction structurelle : passes locales, puis intégration',
        scenario='recherche multi-agents',
        link='../1.6-decomposer-une-tache/1.6-decomposer-une-tache.ipynb#2.-La-correction-structurelle-%3A-passes-locales,-puis-int%C3%A9gration',
        stem=('Un agent doit comparer 40 articles scientifiques. En une passe, il confond les résultats de '
              'plusieurs articles. Quelle organisation limite ces confusions ?'),
        options={
            'A': ('Demander une passe unique mais avec un résumé plus long pour chaque article.'),
            'B': ('Lire les articles par paquets de vingt pour diviser le problème par deux.'),
            'C': ('Extraire chaque article dans une passe dédiée, puis comparer les fiches dans une passe finale.'),
            'D': ('Demander à Claude de numéroter les articles pour mieux les distinguer en une seule passe.'),
        },
        why={
            'A': ('Plus de texte par article aggrave la charge de la passe unique.'),
            'B': ('Deux paquets de vingt restent des passes surchargées.'),
            'C': ('Juste : des fiches par article, faites une à une, puis une comparaison sur ces fiches.'),
            'D': ("Numéroter aide un peu, sans régler la dilution de l'attention."),
        },
        answer_key='cbe2fe503e89765b',
    ),
    ExamQuestion(
        id='2.1.e53',
        title='Reprendre une session',
        ts='1.7',
        section='2. Reprendre : `--resume`, `resume=`, `-c`',
        scenario='productivité des développeurs',
        link='../1.7-sessions/1.7-sessions.ipynb#2.-Reprendre-%3A---resume,-resume%3D,--c',
        stem=("Un développeur a analysé hier un module avec un agent. Aujourd'hui, rien n'a changé dans le code et "
              "il veut poursuivre l'analyse là où il l'avait laissée. Que faire ?"),
        options={
            'A': ('Démarrer une session neuve et recoller à la main les messages importants de la veille.'),
            'B': ("Reprendre la session d'hier (resume avec son identifiant), puisque son contexte reste valide."),
            'C': ("Bifurquer la session d'hier pour garder une copie intacte avant de continuer."),
            'D': ("Refaire l'analyse à zéro dans une session neuve : une session ouverte la veille n'est plus fiable."),
        },
        why={
            'A': ("Recoller à la main est long et perd des résultats d'outils utiles."),
            'B': ("Juste : le code n'a pas changé, les résultats d'hier sont toujours vrais ; reprendre est le plus "
                  'simple.'),
            'C': ('Bifurquer sert à explorer une autre piste ; ici, on continue la même.'),
            'D': ('Une session reste utilisable tant que son contexte est juste, quelle que soit sa date.'),
        },
        answer_key='4fd19f6e10967ffe',
    ),
    ExamQuestion(
        id='2.1.e54',
        title='Résultats périmés',
        ts='1.7',
        section='4. Repartir : une session neuve, amorcée par un résumé',
        scenario='productivité des développeurs',
        link='../1.7-sessions/1.7-sessions.ipynb#4.-Repartir-%3A-une-session-neuve,-amorc%C3%A9e-par-un-r%C3%A9sum%C3%A9',
        stem=("Un agent a passé la matinée à auditer les règles de tarification d'un service. À midi, "
              "l'équipe a remplacé la grille tarifaire, dont dépendent presque toutes ses conclusions, et "
              "renommé deux des trois tables qu'il avait lues. Reprendre sa session donne des réponses "
              "fondées sur l'ancienne grille. Que faire ?"),
        options={
            'A': ('Reprendre quand même : Claude relira de lui-même ce qui a changé en retrouvant ses '
                  'notes du matin.'),
            'B': ('Reprendre la session en signalant la nouvelle grille et les deux tables renommées, pour '
                  'une relecture ciblée.'),
            'C': ("Bifurquer la session du matin, pour garder l'audit intact et travailler sur la copie."),
            'D': ('Ouvrir une session neuve, amorcée de ce qui a changé et des constats qui ne dépendent '
                  'pas de la grille.'),
        },
        why={
            'A': ("Ses résultats d'outils montrent l'ancienne grille, et rien ne les signale périmés : il "
                  "s'y fiera."),
            'B': ("C'est la bonne conduite quand peu de contexte est périmé ; ici presque tout l'est, et "
                  'le plus central : les conclusions du matin reposent sur une grille disparue, une '
                  'relecture ciblée ne suffit plus.'),
            'C': ("Une bifurcation copie le même historique périmé : la copie raisonne sur l'ancienne "
                  "grille, comme l'originale."),
            'D': ("Juste : quand l'essentiel du contexte, et le plus central, est périmé, une session "
                  "neuve évite de raisonner sur l'ancienne grille ; le résumé garde ce qui reste vrai."),
        },
        answer_key='177570eafbef61e9',
    ),
    ExamQuestion(
        id='2.1.e55',
        title='Deux modèles à essayer',
        ts='1.7',
        section='3. Bifurquer : `--fork-session`, `fork_session=True`',
        scenario='productivité des développeurs',
        link='../1.7-sessions/1.7-sessions.ipynb#3.-Bifurquer-%3A---fork-session,-fork_session%3DTrue',
        stem=("Après deux heures d'analyse d'un historique de ventes, une analyste veut essayer deux "
              "modèles de prévision, chacun à partir de cette analyse, et pouvoir revenir ensuite à l'état "
              'commun. Quelle approche ?'),
        options={
            'A': ("Bifurquer la session pour chaque modèle : chaque copie hérite de l'analyse, l'originale "
                  'reste intacte.'),
            'B': ("Reprendre la session d'analyse pour le premier modèle, puis la reprendre de nouveau "
                  'pour le second.'),
            'C': ("Ouvrir deux sessions neuves, amorcées chacune d'un court résumé de l'analyse."),
            'D': ('Lancer depuis la session deux sous-agents, un par modèle, qui rendront leurs prévisions '
                  'au même fil.'),
        },
        why={
            'A': ('Juste : fork_session garde la base commune, sépare les deux essais et laisse la session '
                  "d'origine telle quelle."),
            'B': ("Deux reprises allongent la même session : le second essai lit le premier, et l'état "
                  "commun n'existe plus."),
            'C': ('Le résumé sert quand le contexte est périmé ; ici il est juste, et le résumer perd des '
                  "résultats d'outils qu'une bifurcation garde intacts."),
            'D': ("Un sous-agent ne voit pas l'analyse, seulement ce qu'on lui écrit ; et les deux retours "
                  'se mêlent dans la même session.'),
        },
        answer_key='57c73224f073eafe',
    ),
    ExamQuestion(
        id='2.1.e56',
        title='Identifiant de session',
        ts='1.7',
        section='2. Reprendre : `--resume`, `resume=`, `-c`',
        scenario='CI',
        link='../1.7-sessions/1.7-sessions.ipynb#2.-Reprendre-%3A---resume,-resume%3D,--c',
        stem=('En CI, un script lance un agent puis veut, plus tard, reprendre exactement la même conversation. Que '
              'doit-il conserver ?'),
        options={
            'A': ('Le request-id de la dernière requête, qui permet de rattacher la suite de la conversation.'),
            'B': ("Le texte de la dernière réponse, que l'on renverra en premier message de la suite."),
            'C': ("L'identifiant de session renvoyé par l'Agent SDK, à passer ensuite en resume."),
            'D': ('Rien : continue_conversation=True reprendra cette conversation, quoi que la CI lance '
                  'entre-temps.'),
        },
        why={
            'A': ('Le request-id identifie un échange HTTP, pas une session.'),
            'B': ("Un seul message ne restitue pas l'historique complet de la session."),
            'C': ("Juste : resume prend l'identifiant de session ; le CLI relit la conversation écrite sur disque."),
            'D': ('continue_conversation reprend la conversation la plus récente du dossier de travail : '
                  "si un autre agent y a tourné entre-temps, ce n'est plus la même. L'identifiant désigne "
                  'exactement la session.'),
        },
        answer_key='db8bce7008e8402b',
    ),
    ExamQuestion(
        id='2.1.e57',
        title='Un résumé de reprise',
        ts='1.7',
        section='4. Repartir : une session neuve, amorcée par un résumé',
        scenario='recherche multi-agents',
        link='../1.7-sessions/1.7-sessions.ipynb#4.-Repartir-%3A-une-session-neuve,-amorc%C3%A9e-par-un-r%C3%A9sum%C3%A9',
        stem=("Une session de recherche de trois heures est devenue trop longue. L'équipe repart d'une session "
              "neuve. Que doit contenir le résumé qui l'amorce ?"),
        options={
            'A': ("La transcription complète de la session d'origine, pour que la nouvelle ne perde aucun détail."),
            'B': ('Les conclusions retenues avec leurs sources, les pistes écartées et ce qui reste à faire.'),
            'C': ('Uniquement la question de départ, pour laisser la nouvelle session repartir sans biais.'),
            'D': ("Les dix derniers messages, qui contiennent en général l'état le plus récent."),
        },
        why={
            'A': ("Recoller toute la transcription recrée le problème de longueur qu'on voulait quitter."),
            'B': ("Juste : un résumé structuré garde l'acquis utile, avec ses sources, sans le poids de l'historique."),
            'C': ('Repartir de la seule question jette trois heures de travail.'),
            'D': ('Les derniers messages omettent des conclusions anciennes mais toujours valides.'),
        },
        answer_key='81b90ceb4812e67b',
    ),
    ExamQuestion(
        id='2.1.e58',
        title='Où vit une session',
        ts='1.7',
        section="1. Une session, c'est une conversation écrite sur disque",
        scenario='productivité des développeurs',
        link="../1.7-sessions/1.7-sessions.ipynb#1.-Une-session,-c'est-une-conversation-%C3%A9crite-sur-disque",
        stem=("Un développeur s'étonne : après avoir fermé son terminal, il reprend une session de l'Agent SDK et "
              'retrouve toute la conversation. Où était-elle gardée ?'),
        options={
            'A': "Sur les serveurs d'Anthropic, qui conservent chaque conversation de l'Agent SDK.",
            'B': 'Dans le dépôt du projet, dans un fichier .claude/session.json versionné avec le code.',
            'C': 'Dans le cache de prompt, qui garde les conversations pendant une heure au maximum.',
            'D': 'Dans un fichier de session écrit sur disque par le CLI, relu lors de la reprise.',
        },
        why={
            'A': "L'API est sans état : elle ne garde pas la conversation pour vous.",
            'B': ('Les sessions vivent sous le dossier de configuration du CLI (~/.claude/projects/… par défaut), '
                  'pas dans le dépôt : elles ne voyagent pas avec le code.'),
            'C': 'Le cache de prompt accélère un préfixe ; il ne stocke pas une conversation.',
            'D': "Juste : le CLI écrit chaque session sur disque ; resume la relit et la renvoie à l'API.",
        },
        answer_key='28b246bb77cc8700',
    ),
    ExamQuestion(
        id='2.1.e59',
        title='Reprise après correctif',
        ts='1.7',
        section='4. Repartir : une session neuve, amorcée par un résumé',
        scenario='CI',
        link='../1.7-sessions/1.7-sessions.ipynb#4.-Repartir-%3A-une-session-neuve,-amorc%C3%A9e-par-un-r%C3%A9sum%C3%A9',
        stem=('Un agent de CI a diagnostiqué un test instable dans un service de quinze fichiers ; un '
              'correctif a depuis modifié deux fichiers annexes, le reste du diagnostic tient. On reprend '
              "la session pour vérifier. Que dire à l'agent en premier ?"),
        options={
            'A': ("Quels fichiers ont changé et en quoi, pour qu'il relise ceux-là avant de conclure."),
            'B': ("Rien : l'agent repérera les différences en relisant l'historique de la session."),
            'C': ("Qu'il doit mettre de côté le diagnostic précédent et recommencer l'analyse de zéro."),
            'D': ("Qu'il doit répéter son diagnostic d'origine pour confirmer qu'il reste valable."),
        },
        why={
            'A': ("Juste : l'essentiel du contexte reste valide ; nommer les fichiers changés permet une "
                  'réanalyse ciblée, sans jeter le reste.'),
            'B': ("Ses résultats d'outils datent d'avant le correctif : rien ne lui signale qu'ils sont périmés."),
            'C': ('Tout oublier jette un diagnostic encore utile sur les autres fichiers.'),
            'D': ("Répéter un diagnostic fondé sur l'ancien code ne confirme rien."),
        },
        answer_key='f67d45990307d73c',
    ),
    ExamQuestion(
        id='2.1.e60',
        title="Que devient l'original",
        ts='1.7',
        section="5. L'arbre des sessions",
        scenario='productivité des développeurs',
        link="../1.7-sessions/1.7-sessions.ipynb#5.-L'arbre-des-sessions",
        stem=("Un développeur bifurque une session pour tester une idée risquée ; l'essai échoue. Que devient la "
              "session d'origine ?"),
        options={
            'A': "Elle contient désormais aussi l'essai raté, qu'il faudra retirer à la main de l'historique.",
            'B': 'Elle est remplacée par la session bifurquée, qui reprend à la fois son nom et son identifiant.',
            'C': "Elle reste intacte : la bifurcation a écrit une nouvelle session, qu'on peut abandonner.",
            'D': 'Elle est mise en pause : la reprendre tant que la bifurcation existe provoquerait un conflit.',
        },
        why={
            'A': "La bifurcation écrit dans une nouvelle session ; l'originale ne reçoit rien.",
            'B': ('La bifurcation reprend le nom sur le CLI épinglé, mais elle reçoit un nouvel identifiant ; '
                  "l'originale existe toujours sous le sien."),
            'C': "Juste : fork crée une branche ; l'original reste disponible pour une autre piste.",
            'D': ("Aucun verrou ni conflit : les deux sessions sont des fichiers distincts, l'originale se reprend à"
                  ' tout moment.'),
        },
        answer_key='70ec905fbc73a911',
    ),
]
