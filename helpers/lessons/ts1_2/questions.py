"""Scenario questions of notebook 1.2 (coordinator and subagents). Answers are keys: see helpers.widgets.quiz.key()."""
from ...widgets.quiz import Question

QUESTIONS = [
    Question(
        id="1.2.p1",
        title="Rapport incomplet, sous-agents irréprochables",
        stem=("Un système de recherche rend un rapport sur « la mobilité urbaine en 2030 ». Il ne parle que de "
              "vélos, de trottinettes et de vélos-cargos : rien sur les transports en commun, l'autopartage ou la "
              "logistique. Les journaux montrent que chaque sous-agent a traité son sous-thème à fond. Quelle est la "
              "cause la plus probable ?"),
        options={
            "A": "Le sous-agent de recherche web formule des requêtes trop étroites et passe à côté des sources utiles.",
            "B": "Le coordinateur n'a découpé le sujet qu'en sous-thèmes de micromobilité.",
            "C": "Le sous-agent de synthèse écarte tout constat qui n'est pas appuyé par deux sources distinctes.",
            "D": "La fenêtre de contexte des sous-agents est trop petite pour contenir toutes les sources trouvées.",
        },
        why={
            "A": "Les journaux disent le contraire : chaque sous-agent a bien couvert ce qu'on lui a confié. De "
                 "meilleures requêtes n'auraient rien changé à un sous-thème que personne n'a reçu.",
            "B": "Juste : c'est la décomposition trop étroite. Personne n'a reçu les transports en commun ni "
                 "l'autopartage ; la correction se fait dans la décomposition du coordinateur.",
            "C": "Un filtre de synthèse pourrait écarter des constats, pas des domaines entiers qu'aucun sous-agent "
                 "n'a étudiés : rien sur ces sujets n'est jamais arrivé jusqu'à la synthèse.",
            "D": "Une fenêtre saturée donnerait des rapports tronqués ou superficiels ; ici les sous-thèmes reçus "
                 "sont traités en profondeur, ce sont les autres qui manquent.",
        },
        answer_key="e485f5a1ffc1c065",
    ),
    Question(
        id="1.2.p2",
        title="Une consigne restée chez le coordinateur",
        stem=("Le system prompt d'un coordinateur précise : « le rapport s'adresse à des élus, évitez le jargon "
              "technique ». Les rapports des trois sous-agents de recherche sont pourtant truffés de jargon. "
              "Pourquoi, et que faire ?"),
        options={
            "A": "Les sous-agents ne voient pas le system prompt du coordinateur : la consigne doit figurer dans le "
                 "prompt de chacun.",
            "B": "Lancés en parallèle, les sous-agents se partagent l'attention du modèle et négligent les consignes "
                 "de style.",
            "C": "Le modèle des sous-agents est plus petit que celui du coordinateur : il faut le remplacer par le même.",
            "D": "Le system prompt n'est lu qu'à la fin de l'exécution : il faut répéter la consigne dans la "
                 "demande initiale.",
        },
        why={
            "A": "Juste : un sous-agent n'hérite ni du system prompt ni de l'historique du coordinateur. Il ne sait que "
                 "ce que le coordinateur écrit dans son prompt.",
            "B": "Chaque sous-agent a sa propre fenêtre de contexte : le parallélisme ne dilue rien. Le problème est "
                 "que la consigne n'a jamais franchi la frontière.",
            "C": "Un modèle plus grand ne devine pas une consigne qu'il n'a pas reçue : le contexte du sous-agent "
                 "reste isolé, quel que soit le modèle.",
            "D": "Le system prompt s'applique dès la première requête du coordinateur ; c'est le sous-agent qui ne le "
                 "reçoit jamais, au début comme à la fin.",
        },
        answer_key="0bedead6d244e753",
    ),
    Question(
        id="1.2.p3",
        title="Un seul agent suffit-il ?",
        stem=("Une équipe veut résumer chaque ticket de support en une phrase et lui attribuer une catégorie parmi "
              "huit. Un ticket tient en quelques paragraphes, aucune recherche n'est nécessaire. Quelle "
              "architecture choisir ?"),
        options={
            "A": "Un coordinateur qui confie le résumé et la catégorie à deux sous-agents lancés en parallèle.",
            "B": "Un enchaînement fixe de quatre prompts : lire, résumer, relire le résumé, classer.",
            "C": "Un coordinateur qui lance un sous-agent par ticket, pour isoler le contexte de chacun.",
            "D": "Un seul appel au modèle par ticket, avec la liste des catégories dans le prompt.",
        },
        why={
            "A": "Deux sous-agents pour une tâche courte multiplient les coûts et la latence sans rien apporter : "
                 "ni contexte volumineux à isoler, ni compétences distinctes.",
            "B": "Le prompt chaining sert les tâches prévisibles en plusieurs étapes ; ici une seule étape suffit, "
                 "les trois autres ne font qu'ajouter des appels.",
            "C": "Chaque ticket est déjà une requête indépendante : un coordinateur de plus n'isole rien de plus et "
                 "ajoute un tour d'orchestration par ticket.",
            "D": "Juste : une seule compétence et peu de contexte, c'est le cas d'un agent seul, ici même un seul "
                 "appel. On n'ajoute de l'orchestration que si elle apporte quelque chose.",
        },
        answer_key="47130f6e98978b9d",
    ),
    Question(
        id="1.2.p4",
        title="Un sous-agent en échec",
        stem=("Sur quatre sous-agents de recherche, celui chargé des brevets échoue souvent : le service qu'il "
              "interroge dépasse son délai. Aujourd'hui, le coordinateur abandonne alors tout le rapport. Que "
              "recommander ?"),
        options={
            "A": "Abandonner quand même : un rapport partiel induit en erreur, mieux vaut relancer l'ensemble plus "
                 "tard.",
            "B": "Laisser le sous-agent des brevets confier son volet à un autre sous-agent de recherche, sans passer "
                 "par le coordinateur.",
            "C": "Réessayer dans le sous-agent, puis rendre au coordinateur le partiel et les essais ; le rapport "
                 "signale la lacune.",
            "D": "Retirer les brevets du rapport sans rien dire, pour que le document final reste homogène.",
        },
        why={
            "A": "Tout relancer pour un volet sur quatre gaspille le travail des trois autres, et l'échec a toutes "
                 "les chances de se reproduire.",
            "B": "Les sous-agents ne se parlent pas : tout passe par le hub, qui garde la vue d'ensemble et une seule "
                 "politique d'erreur.",
            "C": "Juste : récupération locale d'abord, puis remontée de ce qui reste (résultats partiels, essais) "
                 "au hub, qui poursuit et annote la lacune.",
            "D": "Masquer une lacune trompe le lecteur : le rapport doit dire ce qui n'a pas été couvert, pas "
                 "paraître complet.",
        },
        answer_key="c7672ef2c5b28836",
    ),
]
