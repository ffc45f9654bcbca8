"""Practice questions of notebook 1.4 (enforcement and handoff). Answers are keys: see helpers.widgets.quiz.key()."""
from ...widgets.quiz import Question

QUESTIONS = [
    Question(
        id="1.4.p1",
        title="La porte qui vérifie le mauvais client",
        stem=("La porte de process_refund laisse passer tout remboursement dès que get_customer a réussi une fois "
              "dans la conversation. Un testeur vérifie son propre compte, puis demande le remboursement d'une "
              "commande passée par un autre client : il l'obtient. Que doit contrôler la porte ?"),
        options={
            "A": "Que get_customer a réussi dans la conversation, comme aujourd'hui, mais dans les cinq dernières "
                 "minutes.",
            "B": "Que Claude a écrit, dans sa réponse, le nom du client dont il va rembourser la commande.",
            "C": "Que la commande remboursée appartient à un client vérifié par get_customer dans cette conversation.",
            "D": "Que get_customer a été appelé juste avant process_refund, sans aucun autre outil entre les deux.",
        },
        why={
            "A": "Ajouter une durée ne change rien : la vérification porte toujours sur un autre client que celui "
                 "qui est remboursé.",
            "B": "Ce que le modèle écrit n'est pas une preuve : la porte se fonde sur ce que le code a observé, pas "
                 "sur la prose.",
            "C": "Juste : la porte relie le remboursement au client vérifié ; avoir vérifié quelqu'un ne doit pas "
                 "ouvrir la porte pour un autre.",
            "D": "L'ordre immédiat ne dit pas de quel client il s'agit : vérifier l'un puis rembourser l'autre "
                 "passerait encore.",
        },
        answer_key="36835341ce7da12d",
    ),
    Question(
        id="1.4.p2",
        title="L'outil d'un éditeur",
        stem=("Votre agent utilise l'outil issue_credit_note d'un serveur MCP fourni par un éditeur "
              ': vous ne pouvez pas modifier son code. Aucun avoir ne doit être émis avant que '
              'check_invoice ait confirmé la facture dans la même conversation. Où placer la porte '
              '?'),
        options={
            "A": ("Dans un hook PreToolUse sur l'outil d'avoir, qui refuse tant que check_invoice "
                  "n'a rien confirmé ici."),
            "B": ("Dans la description de l'outil, que vous surchargez pour y écrire que "
                  'check_invoice passe toujours avant.'),
            "C": ("Dans un hook PostToolUse sur l'outil d'avoir, qui annule l'avoir s'il a été émis "
                  'sans confirmation.'),
            "D": ('Dans un sous-agent relecteur qui contrôle, à la fin de chaque conversation, '
                  "l'ordre des appels d'outils."),
        },
        why={
            "A": ("Juste : quand l'outil ne vous appartient pas, le hook PreToolUse intercepte "
                  "l'appel avant qu'il s'exécute ; son état se nourrit du résultat de check_invoice "
                  '(un PostToolUse sur cet outil, par exemple).'),
            "B": ("Une description d'outil est lue par le modèle : c'est encore une consigne, "
                  'suivie la plupart du temps seulement.'),
            "C": ("PostToolUse s'exécute après l'outil : l'avoir est déjà émis, l'annuler est une "
                  'seconde opération qui peut elle-même échouer.'),
            "D": ("Relire après coup constate l'écart sans l'empêcher ; l'avoir est parti "
                  'entre-temps.'),
        },
        answer_key="0adf19da7c7359d2",
    ),
    Question(
        id="1.4.p3",
        title="Une porte sur tous les outils",
        stem=("Par prudence, un développeur applique la porte « client vérifié » à tous les outils de l'agent de "
              "support, et non au seul process_refund : chaque outil refuse tant que le client n'est pas vérifié. "
              "Que se passe-t-il ?"),
        options={
            "A": "Rien de gênant : la porte protège davantage, et un client vérifié retrouve tous les outils.",
            "B": "L'agent ne peut plus vérifier personne : la porte bloque get_customer, l'outil même qui l'ouvre.",
            "C": "Rien ne change pour get_customer : la porte le laisse passer, puisque c'est lui qui vérifie le client.",
            "D": "Le CLI repère que la porte se bloque elle-même et la désactive, en l'écrivant dans son journal.",
        },
        why={
            "A": "Un client ne peut être vérifié que par get_customer : refusé, cet outil ne vérifie jamais personne, "
                 "et plus rien ne s'ouvre.",
            "B": "Juste : une porte garde l'action à protéger (rembourser) et laisse passer ce qui la lève ; placée "
                 "sur son propre prérequis, elle ne s'ouvre plus jamais.",
            "C": "La porte ne fait aucune exception que son code ne prévoit pas : posée sur tous les outils, elle "
                 "refuse aussi get_customer, et plus rien ne peut l'ouvrir.",
            "D": "Ni le CLI ni le SDK ne savent ce que vos outils contrôlent : ils exécutent le code tel qu'il est "
                 "écrit.",
        },
        answer_key="5d839f28246c336b",
    ),
    Question(
        id="1.4.p4",
        title='Trois demandes dans un message',
        stem=("Un abonné écrit : « Je veux résilier la ligne de ma fille, comprendre pourquoi j'ai été "
              'prélevé deux fois en mai et ajouter une seconde carte de paiement à mon compte. » '
              "Quelle conduite attendez-vous de l'agent ?"),
        options={
            "A": ("Traiter la résiliation et répondre, puis attendre que l'abonné relance pour le "
                  'double prélèvement, puis pour la carte.'),
            "B": ('Séparer les trois sujets, les instruire en parallèle sur le même compte, '
                  'puis répondre une fois.'),
            "C": ('Envoyer trois réponses de suite, une par sujet, pour que chacune reste courte et '
                  'facile à lire.'),
            "D": ("Demander au client d'ouvrir trois conversations distinctes, afin que chacune ne "
                  'porte que sur un sujet.'),
        },
        why={
            "A": ('Traiter un sujet à la fois allonge la conversation et laisse deux demandes en '
                  'suspens ; le client doit insister pour chacune.'),
            "B": ('Juste : décomposer en sujets distincts, les examiner en parallèle avec le '
                  'contexte client commun, puis donner une résolution unique.'),
            "C": ("Trois réponses séparées, c'est précisément la mauvaise réponse de l'examen : le "
                  "client reçoit trois morceaux au lieu d'une résolution cohérente."),
            "D": ("Renvoyer le travail de découpage au client dégrade le service ; c'est à l'agent "
                  'de décomposer la demande.'),
        },
        answer_key="920e2b2b1239b693",
    ),
    Question(
        id="1.4.p5",
        title='Ce que lit le conseiller',
        stem=("L'agent escalade un litige vers un conseiller humain, qui n'a pas accès à la "
              "conversation. Que doit contenir l'appel à escalate_to_human ?"),
        options={
            "A": ("« Client mécontent, voir la conversation ci-dessus » et l'identifiant de session "
                  'pour la retrouver.'),
            "B": ('La conversation entière, copiée telle quelle, pour que le conseiller ne perde '
                  'aucun détail utile.'),
            "C": ('Identifiant client, demande, cause, montant et action recommandée, dans un '
                  'résumé qui se lit seul.'),
            "D": ("Le montant et l'identifiant du client : le conseiller rappellera le client pour "
                  'connaître le reste.'),
        },
        why={
            "A": ("Le conseiller n'a pas la conversation : un renvoi « ci-dessus » ne lui donne "
                  'rien.'),
            "B": ('Une transcription brute oblige le conseiller à tout relire pour retrouver '
                  "l'essentiel ; un résumé structuré le lui donne d'emblée."),
            "C": ('Juste : un passage de main structuré se suffit à lui-même — qui, quoi, pourquoi, '
                  'combien, et quoi faire.'),
            "D": ("Sans la demande ni la cause, le conseiller doit refaire l'enquête et le client "
                  'répéter son histoire.'),
        },
        answer_key="c4c23aa583816916",
    ),
]
