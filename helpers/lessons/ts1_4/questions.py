"""Practice questions of notebook 1.4 (enforcement and handoff). Answers are keys: see helpers.widgets.quiz.key()."""
from ...widgets.quiz import Question

QUESTIONS = [
    Question(
        id="1.4.p1",
        title="Un code de confirmation oublié",
        stem=("Un agent de banque en ligne peut changer le compte sur lequel un client reçoit ses versements "
              "(update_payout_account). La procédure exige d'abord un code de confirmation envoyé au client et "
              "vérifié par verify_otp ; le system prompt le dit. Un contrôle montre que 3 % des changements "
              "passent sans code. La conformité exige zéro. Que proposez-vous ?"),
        options={
            "A": "Ajouter au system prompt des exemples complets de la procédure, vérification du code comprise.",
            "B": "Un agent superviseur qui relit chaque conversation et annule les changements faits sans code.",
            "C": ("Faire refuser update_payout_account par le code tant que verify_otp n'a pas réussi pour ce "
                 "client."),
            "D": "Fixer tool_choice pour que chaque conversation commence par un appel forcé à verify_otp.",
        },
        why={
            "A": ("Des exemples few-shot rendent l'oubli plus rare, pas impossible : la règle reste confiée au "
                 "modèle, et l'exigence est zéro."),
            "B": ("Une relecture après coup arrive quand le versement est peut-être déjà parti vers le mauvais "
                 "compte : il faut empêcher, pas constater."),
            "C": ("Juste : une porte de prérequis dans l'outil rend le changement impossible sans vérification "
                 "réussie, pour ce client, dans cette conversation."),
            "D": ("Forcer un premier appel ne garantit ni qu'il réussisse, ni qu'il porte sur le bon client, ni "
                 "qu'il précède le changement demandé plus tard."),
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
        title='Une variable pour tout le serveur',
        stem=('Pour sa porte, un développeur note les clients vérifiés dans une variable de module, '
              'VERIFIED = set(), que partagent toutes les conversations servies par le même '
              'processus. Quel est le risque ?'),
        options={
            "A": ('Une fonction async ne peut pas modifier un set global : la porte lèvera une '
                  'exception au premier appel.'),
            "B": ('Le processus oublie les clients vérifiés à chaque redémarrage : tous devront '
                  'prouver leur identité à nouveau.'),
            "C": ("Un outil créé avec @tool n'a pas le droit de lire une variable définie hors de "
                  'sa propre fonction.'),
            "D": ('Un client vérifié dans une conversation ouvre la porte à quiconque cite son '
                  'identifiant dans une autre.'),
        },
        why={
            "A": ("Rien n'interdit à une coroutine de modifier un objet global ; le code "
                  "fonctionne, et c'est justement le problème : il fonctionne pour tout le monde."),
            "B": ('Oublier au redémarrage est sans danger (il suffit de revérifier) ; le vrai '
                  'risque est inverse : se souvenir pour la mauvaise personne.'),
            "C": ("Une fonction décorée lit les variables qu'elle veut ; c'est ainsi qu'une "
                  "fermeture (closure) garde l'état d'une conversation."),
            "D": ("Juste : l'état « vérifié » appartient à une conversation ; global, il laisse un "
                  "imposteur profiter de la vérification d'un autre client servi au même moment."),
        },
        answer_key="45daad047021f89c",
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
