"""Practice questions of companion 2.0 (the API cheat-sheet), from the seed's misconceptions and its
scenario analysis, in fresh wording. Answers are keys: see helpers.widgets.quiz.key()."""
from ...widgets.quiz import Question

QUESTIONS = [
    Question(
        id='2.0.p1',
        title='Où va un tool_result',
        stem=('Un développeur relie Claude à un outil get_invoice. Claude répond avec stop_reason tool_use ; le code '
              "exécute l'outil puis ajoute son résultat à la fin du bloc content de la réponse assistant, avant de "
              "rappeler l'API. L'API répond par une erreur 400. Comment corriger ?"),
        options={
            'A': ('Ajouter le résultat en texte simple dans un message system placé juste après la réponse assistant.'),
            'B': ("Renvoyer un message user dont le bloc tool_result porte le tool_use_id de l'appel auquel il répond."),
            'C': ("Recopier l'appel tool_use dans le message suivant pour que l'API retrouve lequel vient d'être "
                  'exécuté.'),
            'D': ("Rappeler l'API avec tool_choice de type none pour que Claude accepte un résultat dans son propre "
                  'tour.'),
        },
        why={
            'A': ("Le résultat d'un outil n'est pas une consigne système : l'API attend un bloc tool_result, et le tour "
                  'system ne sert pas à rendre des résultats.'),
            'B': ('Juste : le tool_result part dans le tour user suivant, relié à son appel par tool_use_id. Un '
                  'tool_result placé dans un tour assistant est refusé.'),
            'C': ("L'appel est déjà dans l'historique ; le recopier ne dit toujours pas à l'API ce que l'outil a "
                  'renvoyé, et un tool_use sans résultat est justement refusé.'),
            'D': ('tool_choice règle ce que Claude peut appeler au tour suivant ; il ne change pas le rôle où doivent '
                  'figurer les résultats.'),
        },
        answer_key='9d771180fc65d4f3',
    ),
    Question(
        id="2.0.p2",
        title="Une réponse tronquée",
        stem=("Un service résume des contrats et enregistre chaque résumé en base. Des juristes signalent des "
              "résumés qui s'arrêtent au milieu d'une phrase ; les journaux montrent stop_reason max_tokens sur ces "
              "réponses. Que doit faire le code ?"),
        options={
            "A": "Enregistrer le résumé en le marquant « partiel » dans la base, pour que les juristes sachent qu'il "
                 "manque la fin.",
            "B": "Demander dans le system prompt des résumés plus courts, sans toucher au code qui lit la réponse.",
            "C": "Réessayer la même requête à l'identique jusqu'à ce que stop_reason vaille enfin end_turn.",
            "D": "Traiter max_tokens comme une coupure : relever le plafond ou demander la suite, sans enregistrer.",
        },
        why={
            "A": "Signaler vaut mieux que maquiller, mais le résumé reste inutilisable : on relève le plafond ou "
                 "l'on demande la suite avant d'enregistrer.",
            "B": "Une consigne rend la coupure plus rare, pas impossible ; le code continuerait d'enregistrer un "
                 "texte tronqué le jour où elle revient.",
            "C": "La même requête produit la même longueur : la réponse sera de nouveau coupée, et l'on paie chaque "
                 "essai.",
            "D": "Juste : max_tokens signifie que la sortie a atteint le plafond. Une réponse tronquée n'est jamais "
                 "une réponse finie ; on relève le plafond ou on demande la suite.",
        },
        answer_key="1dab28b4a59452bf",
    ),
    Question(
        id='2.0.p3',
        title='Quelles erreurs réessayer',
        stem=('Pour « fiabiliser » un agent, une équipe enveloppe chaque appel dans une boucle qui réessaie cinq '
              "fois toute exception. Une nuit, une requête mal formée déclenche des milliers d'appels identiques. "
              'Quelle politique adopter ?'),
        options={
            'A': ('Réessayer avec backoff les 429 et les 5xx (529 compris) selon retry-after ; corriger la requête '
                  'sur une 400.'),
            'B': ('Réessayer toutes les erreurs, mais avec un délai fixe de dix secondes entre deux essais successifs.'),
            'C': ("Ne jamais réessayer : toute erreur de l'API doit remonter tout de suite à l'utilisateur final."),
            'D': ('Réessayer seulement les erreurs 4xx, car elles viennent de la requête et se règlent en la renvoyant.'),
        },
        why={
            'A': ('Juste : une 429 et les 5xx (500, 502, 503, 504, 529) sont passagères, on attend (retry-after, '
                  'backoff avec jitter) ; une 400 dit que la requête est fausse, la renvoyer ne la corrige pas. Le '
                  'client anthropic réessaie déjà de lui-même 408, 409, 429, ≥ 500 et les erreurs de connexion '
                  '(max_retries=2 par défaut).'),
            'B': ('Un délai ne rend pas une 400 valide : la requête échouera à chaque tentative, simplement plus lentement.'),
            'C': ('Une surcharge (529) ou une limite de débit (429) passe souvent en quelques secondes ; abandonner '
                  'tout de suite transforme un incident bref en panne.'),
            'D': ("C'est l'inverse : une 4xx (hors 429) signale une requête à corriger, la renvoyer telle quelle échoue "
                  'à nouveau.'),
        },
        answer_key='cf3d8932f57aeb81',
    ),
    Question(
        id='2.0.p4',
        title='Sortie structurée et validation',
        stem=('Une équipe extrait des factures avec output_config et un JSON Schema. Le JSON reçu est toujours '
              'valide ; elle supprime donc sa validation. Un mois plus tard, des factures au total négatif entrent '
              "en comptabilité. Qu'aurait-il fallu garder ?"),
        options={
            'A': ("Rien de plus : avec un schéma fourni à l'API, les valeurs reçues sont garanties exactes en plus "
                  "d'être bien formées."),
            'B': ('Un second appel à Claude qui relit chaque facture extraite et répond par oui ou par non, sans autre '
                  'contrôle.'),
            'C': ("Une validation des règles métier, qui renvoie l'erreur précise à Claude, plafonne les essais puis "
                  'escalade.'),
            'D': ('Un prompt qui rappelle que les totaux sont positifs, à la place du schéma et de toute validation du '
                  'code.'),
        },
        why={
            'A': ('Le schéma garantit la forme (les champs, les types), pas la justesse des valeurs : un total négatif '
                  'respecte « type: number ».'),
            'B': ('Un relecteur du même modèle peut se tromper de la même façon ; une règle métier simple se vérifie '
                  'dans le code, de façon certaine.'),
            'C': ("Juste : on valide en aval (schéma et règles métier), on redemande en citant l'erreur exacte, et "
                  "après quelques essais on escalade au lieu d'enregistrer une donnée fausse."),
            'D': ("Une consigne n'est pas une garantie ; et retirer le schéma ferait perdre la forme que l'API "
                  'assurait.'),
        },
        answer_key='9c2dc7e563f4b335',
    ),
    Question(
        id='2.0.p5',
        title='Disposition du cache',
        stem=('Un assistant envoie un long guide de style en system prompt, marqué cache_control. Pour « aider » le '
              "modèle, on ajoute l'heure courante au tout début de ce system prompt. Depuis, "
              'cache_read_input_tokens reste à zéro. Pourquoi, et que faire ?'),
        options={
            'A': ("Le cache expire dès qu'une requête contient une date ; il faut retirer toute mention de l'heure."),
            'B': ("Le guide est trop court pour être mis en cache ; il faut y ajouter des exemples jusqu'au minimum "
                  'requis.'),
            'C': ("Le préfixe change à chaque appel : mettre l'heure après le dernier point de cache, le stable d'abord."),
            'D': ('Il faut un point de cache par requête ; ajouter cache_control sur le message user règle le problème.'),
        },
        why={
            'A': ('Le cache ne regarde pas le sens du texte : il compare des préfixes exacts. Une date placée après le '
                  'point de cache ne gêne rien.'),
            'B': ("Le guide était déjà mis en cache avant la modification ; sa taille n'a pas changé, seul son début "
                  'change.'),
            'C': ("Juste : un point de cache met en cache tout ce qui le précède, à l'identique. Un élément qui change en "
                  'tête invalide tout ; le volatil va à la fin.'),
            'D': ('Un point de cache de plus sur un préfixe qui change à chaque fois ne sera jamais relu : le problème est '
                  "l'ordre, pas le nombre."),
        },
        answer_key='f887754fb44ecd16',
    ),
    Question(
        id='2.0.p6',
        title='Un outil qui ne trouve rien',
        stem=("L'outil search_orders d'un agent de support renvoie [] quand la base de données dépasse son délai. "
              "L'agent répond alors aux clients qu'ils n'ont aucune commande. Comment l'outil doit-il signaler ce "
              'cas ?'),
        options={
            'A': ('Par un tool_result is_error dont le contenu donne une catégorie, le caractère réessayable et un '
                  'message.'),
            'B': ("Par une liste vide accompagnée d'un commentaire dans le system prompt qui explique ce cas au modèle."),
            'C': ("Par une exception Python qui arrête la boucle de l'agent et renvoie une page d'erreur au client."),
            'D': ("Par un texte « aucun résultat », plus naturel à lire pour le modèle qu'une liste vide ou un code "
                  "d'erreur."),
        },
        why={
            'A': ('Juste : un échec doit se voir comme un échec. Avec is_error et un contenu structuré (catégorie, '
                  'retryable), Claude peut réessayer ou passer la main au lieu de conclure à tort.'),
            'B': ("La liste vide dit toujours « rien trouvé » : le modèle ne peut pas distinguer une panne d'une "
                  'absence réelle.'),
            'C': ('Arrêter toute la boucle prive Claude de la décision (réessayer, prévenir le client, escalader) ; '
                  "l'erreur doit lui parvenir comme résultat."),
            'D': ("« Aucun résultat » affirme une absence : c'est le même succès vide, formulé autrement, et tout aussi "
                  'faux.'),
        },
        answer_key='c9dec831ff46bc68',
    ),
    Question(
        id="2.0.p7",
        title="Paiement et nouvelle tentative",
        stem=("L'outil charge_card de votre agent appelle un prestataire de paiement. Un appel dépasse son délai ; "
              "l'outil le rejoue aussitôt. Le premier était pourtant passé : la cliente est débitée deux fois. Que "
              "changer ?"),
        options={
            "A": "Ne jamais rejouer un appel de paiement : un délai dépassé remonte à la cliente comme un échec.",
            "B": "Demander à Claude, dans le system prompt, de ne jamais appeler charge_card deux fois pour une même "
                 "cliente.",
            "C": "Passer disable_parallel_tool_use, pour que charge_card ne parte jamais en même temps qu'un autre "
                 "outil.",
            "D": "Envoyer au prestataire une clé d'idempotence par paiement, la même à chaque nouvelle tentative.",
        },
        why={
            "A": "Plus de double débit, mais des paiements perdus, ou refaits à la main, à chaque lenteur du réseau "
                 ": la nouvelle tentative n'est pas le problème.",
            "B": "Claude n'a appelé charge_card qu'une fois : c'est l'outil qui a rejoué l'appel, hors de la vue du "
                 "modèle.",
            "C": "Le double débit ne vient pas d'appels parallèles mais d'un même appel rejoué : sérialiser les "
                 "outils n'y change rien.",
            "D": "Juste : avec une clé d'idempotence, le prestataire reconnaît la seconde requête comme la même "
                 "opération et ne débite qu'une fois.",
        },
        answer_key="9f052779e6a783f2",
    ),
    Question(
        id="2.0.p8",
        title="Traitement de nuit",
        stem=("Chaque nuit, une équipe classe 20 000 avis clients ; personne n'attend le résultat avant le lendemain "
              "et le budget est serré. Elle envoie aujourd'hui 20 000 requêtes une à une et atteint des 429. Quelle "
              "solution convient ?"),
        options={
            "A": "Ralentir : une requête toutes les trois secondes, pour rester sous la limite de débit toute la "
                 "nuit.",
            "B": "Soumettre un Message Batch, puis associer chaque résultat à son avis par custom_id une fois "
                 "terminé.",
            "C": "Mettre le system prompt en cache et garder les 20 000 requêtes une à une, pour payer moins.",
            "D": "Demander à Claude de répondre en streaming pour que chaque avis soit classé plus rapidement.",
        },
        why={
            "A": "Les 429 cessent, mais 20 000 requêtes à ce rythme prennent près de dix-sept heures, au plein tarif "
                 "; un lot coûte moitié moins et n'a pas de rythme à tenir.",
            "B": "Juste : un lot coûte moitié moins cher, se traite en asynchrone (souvent en moins d'une heure, au "
                 "plus 24 h) et rend un résultat par requête ; l'ordre n'est pas garanti, d'où custom_id.",
            "C": "Le cache réduit le coût d'un préfixe répété, pas le nombre de requêtes : les 429 restent. Un lot "
                 "divise déjà le prix par deux (et se combine avec le cache).",
            "D": "Le streaming affiche la réponse au fil de l'eau ; il ne réduit ni le coût ni le nombre de requêtes.",
        },
        answer_key="8d9fb4af8a4d507d",
    ),
]
