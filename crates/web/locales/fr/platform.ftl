# Parties sur plusieurs jours : pendules, remplaçants.

clock-days = { $days } j
clock-ran-out = temps écoulé : un bot joue
clock-take-back = Reprendre ma place
clock-your-time-ran-out = Votre temps est écoulé, un bot joue donc pour vous. Vous pouvez reprendre votre place à tout moment.
lobby-time-control = Cadence
lobby-time-none = Aucune (partie amicale)
lobby-time-live = En direct : 20 minutes + 20 s par tour
lobby-time-live-fast = En direct : 5 minutes + 10 s par tour
lobby-time-days = { $days ->
    [one] Tour par tour : 1 jour par tour
   *[other] Tour par tour : { $days } jours par tour
}, réserve de 2 jours
lobby-rated = Classée (compte pour le classement ; jamais avec des bots)
lobby-stand-in = Si une pendule tombe, un bot continue

# Ratings.

end-rating = { $name } : classement { $before } → { $after } ({ $change })
nav-leaderboard = Classement
leaderboard-title = Classement
leaderboard-players = { $players } joueurs
leaderboard-empty = Aucune partie classée pour l'instant.
leaderboard-note = Classements Glicko-2 des parties classées terminées entre personnes ; ± est l'incertitude du classement.
leaderboard-bots-title = Classement des robots
leaderboard-to-bots = Le classement des robots
leaderboard-to-people = Classement des personnes
leaderboard-bots-note = Classements Glicko-2 des comptes robots, tirés des parties classées terminées entre robots seulement ; les niveaux intégrés sont des ancres dont le classement reste celui mesuré, et ± est l’incertitude.
leaderboard-anchor = ancre
profile-rating = Classement
profile-rated-games = Parties classées
profile-ratings = Classements
profile-unrated = Aucune partie classée pour l'instant.
profile-games = { $games ->
    [one] 1 partie classée
   *[other] { $games } parties classées
}
profile-counts = Parties jouées : { $played } · terminées : { $finished } · abandonnées : { $abandoned }
profile-latest = Dernières parties
profile-chart = Classement après chaque partie classée
profile-chart-later = La courbe du classement apparaît après la deuxième partie classée.
profile-result-won = Gagnée
profile-result-shared = Victoire partagée
profile-result-lost = Perdue (victoire : { $winners })
profile-result-none = Sans résultat

end-rematch = Rejouer avec les mêmes joueurs

vote-offer = Le temps est écoulé pour plusieurs places : les joueurs restants peuvent arrêter la partie sans résultat ({ $votes } voix sur { $needed }).
vote-button = Voter pour arrêter sans résultat
vote-ended = Les joueurs ont arrêté cette partie sans résultat.

# Chat.

chat-title = Discussion
chat-unread = Messages non lus : { $count }
chat-placeholder = Écrire un message…
chat-send = Envoyer
chat-mute = Masquer
chat-muted = { $name } est masqué.
chat-spectator = spectateur
lobby-spectators-apart = Les spectateurs discutent entre eux
lobby-hints = Conseils : la recherche peut me conseiller sur mes décisions (seulement contre des robots)
phrase-good-luck = Bonne chance !
phrase-have-fun = Amusez-vous bien !
phrase-well-played = Bien joué !
phrase-thanks = Merci !
phrase-one-moment = Désolé, j'ai besoin d'un instant.
phrase-sorry = Désolé !

# Lobby filters.

lobby-rated-badge = classée
# The open games' filter by rating: a label before its choice (any, yes, no).
lobby-filter-rated = Classée
lobby-pace-none = sans pendule
lobby-pace-live = en direct, { $minutes } min + { $seconds } s
lobby-pace-turn = { $days } j par tour
lobby-filter = Filtrer les listes
lobby-filter-any = toutes
lobby-filter-live = en direct
lobby-filter-turn = tour par tour
lobby-filter-yes = oui
lobby-filter-no = non

# Browser notifications ({id} is filled in by the page).

notify-enable = M'avertir
notify-your-turn = À vous de jouer dans la partie { "{id}" }
notify-started = Une de vos parties a commencé : { "{id}" }
notify-ended = Une de vos parties est terminée : { "{id}" }
notify-soon = Votre pendule tombe dans moins d'une heure dans la partie { "{id}" }

# Notifications par e-mail : réglages, page de désinscription et les mails eux-mêmes.

nav-settings = Réglages
settings-title = Notifications par e-mail
settings-intro = Helvetia Online peut vous prévenir par e-mail quand c’est votre tour, quand une partie où vous jouez commence ou se termine, et quand votre pendule s’épuise dans l’heure : au plus un mail par partie et par heure.
settings-no-mail = Ce serveur n’envoie pas d’e-mails : son exploitant n’a pas configuré de serveur de messagerie. Vos réglages sont conservés pour le jour où il le fera.
settings-email = Adresse e-mail (laisser vide pour ne recevoir aucun mail)
settings-language = Langue des mails
settings-kinds = M’envoyer un mail quand
settings-your-turn = c’est mon tour
settings-started = une de mes parties commence
settings-ended = une de mes parties ou un de mes tournois se termine
settings-clock = ma pendule s’épuise dans l’heure
settings-rematch = un joueur d’une partie terminée me propose de rejouer
settings-save = Enregistrer
settings-saved = Enregistré.
settings-play = Jeu
forced-steps-label = Jouer pour moi les coups forcés
forced-steps-hint = Quand une décision n'offre qu'un seul choix possible, la table le joue pour vous après un instant.
settings-open-data = Données ouvertes
settings-open-data-intro = Chaque partie terminée peut être téléchargée par tous, avec les noms et les classements des joueurs, pour que chacun puisse étudier le jeu.
settings-export-anonymous = Apparaître comme « anonyme » dans les parties téléchargées (ni nom, ni classement)
unsubscribe-title = Se désinscrire
unsubscribe-ask = Ne plus envoyer aucun e-mail de Helvetia Online à { $name } ?
unsubscribe-confirm = Ne plus recevoir de mails
unsubscribe-done = C’est fait : Helvetia Online n’envoie plus de mails à { $name }. Vous pouvez les réactiver dans vos réglages.
unsubscribe-unknown = Ce lien de désinscription est inconnu.
mail-your-turn-subject = Helvetia : à vous de jouer contre { $opponents }
mail-your-turn-body = Bonjour { $name }, c’est votre tour dans votre partie de Helvetia contre { $opponents }.
mail-started-subject = Helvetia : votre partie contre { $opponents } a commencé
mail-started-body = Bonjour { $name }, votre partie de Helvetia contre { $opponents } a commencé.
mail-ended-subject = Helvetia : votre partie contre { $opponents } est terminée
mail-ended-body = Bonjour { $name }, votre partie de Helvetia contre { $opponents } est terminée. Gagnant : { $winners }.
mail-abandoned-body = Bonjour { $name }, votre partie de Helvetia contre { $opponents } a été arrêtée par un vote, sans résultat.
mail-clock-subject = Helvetia : votre temps s’épuise dans l’heure
mail-clock-body = Bonjour { $name }, votre temps pour ce tour dans votre partie de Helvetia contre { $opponents } s’épuise à { $deadline }. Ensuite un bot joue pour vous jusqu’à ce que vous repreniez votre place.
mail-rematch-subject = Helvetia : { $asker } vous propose de rejouer
mail-rematch-body = Bonjour { $name }, { $asker } propose de rejouer à Helvetia avec les mêmes joueurs ({ $opponents }). Une place vous est réservée dans la nouvelle partie : ouvrez la partie terminée et choisissez « Rejouer avec les mêmes joueurs ».
mail-open-game = Ouvrir la partie : { $url }
mail-footer = Vous recevez ce mail parce que vous avez activé les notifications par e-mail sur Helvetia Online (au plus un mail par partie et par heure).
mail-settings = Choisir les mails que vous recevez : { $url }
mail-unsubscribe = Ne plus recevoir aucun mail : { $url }

# Abandonner, et ce que devient la place.
resign = Abandonner
resign-confirm = Abandonner cette partie ? Vous serez classé dernier ; dans une partie classée, cela compte comme une défaite.
resign-yes = Oui, abandonner
resign-no = Continuer à jouer
lobby-on-resign = Quand quelqu’un abandonne
lobby-on-resign-bot = un bot prend sa place
lobby-on-resign-end = la partie s’arrête

# Jouer maintenant : une table en un clic.

play-now-title = Jouer maintenant
play-now-any = Peu importe
play-now-pace = Rythme
play-now-bot = Compléter la dernière place par un bot
play-now-bot-never = Jamais (attendre des joueurs)
play-now-bot-after = { $minutes ->
    [one] après 1 minute (non classée)
   *[other] après { $minutes } minutes (non classée)
}
play-now-note = Classée, contre des joueurs de votre niveau. Les tables en direct demandent que vous restiez sur cette page : la quitter vous retire des files en direct. Les files au tour par tour vous gardent, et vous êtes averti (aussi par courriel) quand votre table est prête.
play-now-submit = Jouer maintenant
play-now-cancel = Annuler
play-now-waiting = Recherche de joueurs… { "{time}" }
play-now-seating = Votre table est prête ; ouverture…
play-now-pool = { "{players}" } joueurs · { "{pace}" }
notify-table-ready = Votre table est prête : { "{id}" }

# Bot accounts and their API tokens (settings page).
profile-bot-account = Un compte robot : un programme joue ici par l’API.
bot-account-title = Compte robot
bot-account-intro = Un programme peut jouer ici comme robot : faites d’un compte neuf un compte robot et donnez-lui des jetons d’API. C’est pour de bon, et seulement pour un compte qui n’a pas encore joué : un compte robot ne joue que par ses jetons, et son nom est montré comme celui d’un robot.
bot-account-confirm = Faire de ce compte un compte robot, pour de bon ? Il ne pourra plus utiliser le salon, le chat ni les tables ; il jouera par des jetons d’API.
bot-account-become = Faire de ce compte un compte robot
bot-account-played = Ce compte a déjà joué, il ne peut donc pas devenir un compte robot. Créez un nouveau compte pour votre robot et faites-en un compte robot avant qu’il joue.
bot-account-is-bot = Ceci est un compte robot : des programmes jouent avec lui par ses jetons d’API (Authorization: Bearer …, voir la documentation de l’API). Vous gérez ici ses courriels et ses jetons.
bot-tokens-title = Jetons d’API
bot-tokens-none = Aucun jeton pour l’instant.
bot-token-name = Nom
bot-token-created = Créé
bot-token-last-used = Dernier usage
bot-token-state = État
bot-token-revoked = révoqué { $when }
bot-token-revoke = Révoquer
bot-token-revoke-named = Révoquer le jeton { $name }
bot-token-new-name = Nom d’un nouveau jeton (par exemple, la machine où il tourne)
bot-token-create = Créer un jeton
bot-token-copy-now = Copiez ce jeton maintenant : il n’est montré qu’une fois. Rechargez la page pour le voir dans la liste.
push-devices-title = Notifications sur vos appareils
push-devices-intro = Votre téléphone ou votre ordinateur peut vous prévenir quand c’est votre tour, quand une de vos parties commence ou se termine et quand votre pendule s’épuise, même sans page du site ouverte. Un clic sur la notification ouvre la partie.
push-subscribe = M’avertir sur cet appareil
push-unsupported = Ce navigateur ne peut pas recevoir les notifications du site.
push-denied = Les notifications de ce site sont bloquées dans les réglages du navigateur.
push-devices-none = Aucun appareil pour l’instant.
push-device-name = Appareil
push-device-added = Ajouté
push-device-last = Dernière notification
push-device-actions = Retirer
push-device-remove = Retirer
push-device-remove-named = Retirer { $name }

# Vacances : la partie des réglages et la mention à côté d’un nom (table, salon, profil).
vacation-badge = en vacances
vacation-until = en vacances jusqu’au { $date }
settings-vacation = Vacances
settings-vacation-intro = Pendant vos vacances, vos pendules des parties tour par tour s’arrêtent et aucun bot ne joue pour vous ; les autres peuvent encore jouer. Les parties en direct et les parties de tournoi ne s’arrêtent pas. Vous avez { $days } jours de vacances par an, comptés par année civile (jours UTC) ; finir des vacances plus tôt rend les jours non commencés.
settings-vacation-left = Jours restants en { $year } : { $days }
settings-vacation-none = Aucunes vacances prévues.
settings-vacation-now = En vacances du { $from } au { $to }
settings-vacation-planned = Prévues du { $from } au { $to }
settings-vacation-end = Les finir maintenant
settings-vacation-cancel = Les annuler
settings-vacation-from = Premier jour (UTC)
settings-vacation-days = Nombre de jours
settings-vacation-take = Prendre des vacances

webhooks-title = Webhooks
webhooks-intro = Un webhook prévient une discussion de groupe ou un programme des mêmes événements que les mails (votre tour, une de vos parties qui commence ou se termine, votre pendule qui s’épuise, la fin d’un tournoi), chaque fois par une requête POST signée à son adresse. Vous pouvez en avoir { $limit }.
webhooks-none = Aucun webhook pour l’instant.
webhook-url = Adresse
webhook-format = Format
webhook-state = État
webhook-actions = Actions
webhook-active = actif
webhook-paused = en pause depuis { $when } après des échecs répétés (dernier : { $error })
webhook-failing = { $failures } envois échoués de suite (dernier : { $error })
webhook-delete = Supprimer
webhook-delete-named = Supprimer le webhook vers { $url }
webhook-resume = Reprendre
webhook-resume-named = Reprendre le webhook vers { $url }
webhook-new-url = Adresse d’un nouveau webhook (https://…)
webhook-new-format = Son format
webhook-format-json = JSON (pour les programmes)
webhook-format-discord = Discord
webhook-format-slack = Slack
webhook-format-ntfy = ntfy (texte brut)
webhook-add = Ajouter le webhook
webhook-copy-secret = Copiez ce secret maintenant : il n’est montré qu’une fois. Chaque requête porte l’en-tête X-Helvetia-Signature-256, le HMAC-SHA256 de son contenu sous ce secret.
webhook-your-turn = Helvetia : c’est au tour de { $name } contre { $opponents }.
webhook-started = Helvetia : la partie de { $name } contre { $opponents } a commencé.
webhook-ended = Helvetia : la partie de { $name } contre { $opponents } est terminée. Gagnant : { $winners }.
webhook-abandoned = Helvetia : la partie de { $name } contre { $opponents } a été arrêtée par un vote, sans résultat.
webhook-clock = Helvetia : le temps de { $name } contre { $opponents } s’épuise à { $deadline }.
webhook-tournament = Helvetia : le tournoi { $tournament } est terminé : { $name } finit à la place { $place } sur { $entrants }.
webhook-rematch = Helvetia : { $asker } propose à { $name } de rejouer ; une place est réservée à { $name } dans la nouvelle partie.

# The games awaiting the person's decision: the header's link (with their number) and the
# table's "next game".
awaiting-you = À vous
next-game = Partie suivante
next-game-title = Partie suivante qui attend votre décision (touche N)
