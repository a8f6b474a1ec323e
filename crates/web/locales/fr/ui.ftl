# Cadre des pages, comptes, salon et pages de jeu.

site-title = Helvetia Online
site-tagline = Le jeu de villages suisses de Matthias Cramer, de 2 à 4 joueurs, en ligne.
nav-home = Accueil
nav-lobby = Salon
nav-rules = Règles
nav-login = Connexion
nav-register = Inscription
nav-logout = Déconnexion
nav-language = Langue
signed-in-as = Connecté : { $name }
skip-to-content = Aller au contenu

home-intro = La Suisse au début du XIXe siècle. Vous présidez un village isolé : vos habitants produisent, construisent, se marient dans les villages voisins et ont des enfants. Livrez au marché et construisez pour le bien commun afin de gagner des points de victoire.
home-play = Jouer
home-how = Comment ça marche
home-point-live = Jouez en direct ou un coup par jour : les parties vous attendent, et la table se met à jour dès que quelqu'un joue.
home-point-bots = Complétez les places libres avec des adversaires ordinateur de trois niveaux.
home-point-click = Chaque décision est un clic sur le plateau : les cibles possibles s'allument.
home-point-languages = En allemand, anglais, français, italien et chinois.

login-title = Connexion
register-title = Créer un compte
field-username = Nom d'utilisateur
field-password = Mot de passe
login-submit = Se connecter
register-submit = Créer le compte
login-no-account = Pas encore de compte ?
register-have-account = Déjà inscrit ?
register-hint = 3 à 24 lettres, chiffres, -, _ ou . ; un mot de passe de 8 à 128 caractères.
form-working = Un instant…

lobby-title = Salon
lobby-create = Nouvelle partie
create-players = Joueurs
create-setup = Bâtiments de départ
setup-draft = Choix (règles complètes)
setup-letters = Par lettre (débutants)
create-character-tiles = Jouer avec les tuiles personnage
create-target = Points de victoire pour gagner
create-target-hint = vide : { $target } (suit les tuiles personnage)
create-direction = Sens de jeu
direction-ccw = Sens inverse des aiguilles (tradition suisse)
direction-cw = Sens des aiguilles d'une montre
create-round-limit = Limite de manches
create-round-limit-hint = vide : jouer jusqu'à l'objectif
create-seats = Places
create-seat = Place { $n }
seat-me = Moi
seat-open = Ouverte à tous
seat-invite = Sur invitation
# A bot as people see it, by its level: the same name in the lobby, the table, the story
# and the end screen.
bot-name = Ordinateur ({ $level })
bot-level-random = débutant
bot-level-greedy = occasionnel
bot-level-good = bon
bot-level-mcts = fort
bot-level-expert = expert
# A bot choice with the level's measured rating (Elo scale).
bot-rated = { $name } · classement { $rating }
create-submit = Créer la partie
lobby-open = Parties ouvertes
lobby-mine = Mes parties
lobby-finished = Parties terminées
lobby-empty = Aucune.
lobby-join = Rejoindre
lobby-view = Ouvrir
lobby-watch = Regarder
lobby-start = Commencer
lobby-leave = Quitter
lobby-your-turn = À vous !
lobby-status-open = attend des joueurs
lobby-status-running = en cours
lobby-status-finished = terminée
lobby-seats = { $filled } places sur { $seats }
lobby-created = créée { $when }
lobby-winners = Gagnée par { $names }
lobby-login-first = Connectez-vous pour créer ou rejoindre une partie.
options-summary = { $players } joueurs · { $setup } · objectif { $target } PV

game-title = Partie { $id }
replay-title = Rediffusion de la partie { $id }
replay-first = Début
replay-prev = Reculer
replay-next = Avancer
replay-last = Fin
replay-back-to-game = Retour à la partie
connecting = Connexion…
connection-lost = Connexion perdue. Reconnexion…
your-turn-title = À vous de jouer !

error-title = Erreur { $status }
error-back = Retour à l'accueil

lobby-running = Parties en cours
invitation-title = Une invitation à jouer à Helvetia
invitation-text = Une place vous est réservée dans cette partie à { $players } joueurs :
invitation-gone = Cette invitation n'est plus valable : la place a été prise, ou la partie a commencé ou a été annulée.
invitation-accept = Prendre ma place
invitation-log-in-first = Inscrivez-vous ou connectez-vous pour prendre votre place ; vous reviendrez ici ensuite.
waiting-title = En attente des joueurs
waiting-link = Lien d'invitation
waiting-copy = Copier
waiting-copied = Copié
waiting-host-wait = Envoyez chaque lien d'invitation à la personne à qui il est destiné. La partie commence quand vous la lancez.
waiting-host-ready = Toutes les places sont prises : lancez la partie quand vous êtes prêt.
waiting-cancel = Annuler la partie
waiting-for-host = { $host } lancera la partie dès que toutes les places seront prises. Cette page suit d'elle-même.

## Analyse de la partie à côté du replay
analysis-title = Analyse
analysis-explained = La recherche examine chaque tour de cette partie : comment la chance de gagner de chaque joueur a évolué, quels tours ont coûté le plus et ce qu'elle aurait joué à la place.
analysis-ask = Analyser cette partie
analysis-log-in = Connectez-vous pour demander une analyse de cette partie.
analysis-running = Analyse des tours en cours…
analysis-failed = Cette partie n'a pas pu être analysée.
analysis-chart-title = Chance de gagner par manche
analysis-chart-caption = La chance de gagner de chaque joueur au début de chaque manche, selon l'estimation de la recherche.
analysis-end = fin
analysis-costly-title = Les tours qui ont coûté le plus
analysis-no-costly = Aucun tour n'a rien perdu que la recherche ait pu voir.
analysis-turn = Manche { $round }, { $name } : { $lost } % de chance de gagner perdus
analysis-show-position = Voir la position
analysis-played = Joué :
analysis-preferred = La recherche préfère :
analysis-why = Pourquoi (points de victoire selon l'évaluation) :
analysis-method = { $iterations } itérations de recherche par tour ; chances mesurées par des parties jouées depuis chaque position.
analysis-term-score = score { $points }
analysis-term-goods = marchandises à livrer { $points }
analysis-term-branches = branches { $points }
analysis-term-characters = avance sur les personnages { $points }
analysis-term-coins = pièces encore utilisables { $points }
analysis-term-workers = villageois au travail { $points }
analysis-term-family = couples et villageois à venir { $points }
analysis-term-buildings = un bâtiment de points de victoire à portée { $points }
analysis-term-village = tuile de village { $points }
