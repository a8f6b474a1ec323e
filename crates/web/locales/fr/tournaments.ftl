## Tournois : la liste, le formulaire de création, la page d’un tournoi et leurs erreurs.

nav-tournaments = Tournois
lobby-my-tournaments = Mes tournois
tournaments-title = Tournois
tournaments-intro = Des rondes au système suisse, à des tables de 2, 3 ou 4 : personne n’est éliminé, et chaque ronde réunit des joueurs à égalité de points. Le vainqueur d’une table gagne 3 points, les autres moins selon leur place ; les égalités sont départagées par le score des adversaires, puis par les points de victoire.
tournaments-upcoming = À venir
tournaments-running = En cours
tournaments-finished = Terminés
tournaments-none = Aucun pour l’instant.
tournaments-back = Tous les tournois
tournament-name = Nom
tournament-table-size = Joueurs par table
tournament-starts = Début
tournament-entries = Inscrits
tournament-status = État
tournament-status-upcoming = Inscriptions ouvertes
tournament-status-running = Ronde { $round } sur { $rounds }
tournament-status-finished = Terminé
tournament-status-cancelled = Annulé : trop peu d’inscrits
tournament-create = Créer un tournoi
tournament-rounds = Rondes
tournament-round-minutes = Minutes entre les rondes (en direct)
tournament-round-minutes-default = selon le rythme
tournament-min-rating = Classement minimum pour s’inscrire
tournament-min-games = Nombre minimum de parties terminées pour s’inscrire
tournament-rated = Classé (compte pour le classement)
tournament-create-note = La ronde 1 commence à l’heure de début avec tous les inscrits. En tour par tour, une ronde commence quand toutes les parties de la ronde précédente sont terminées ; en direct, à l’heure prévue. Un joueur à court de temps est remplacé par un bot, comme dans toute partie.
tournament-create-submit = Créer
tournament-creator = Créé par
tournament-yes = Oui
tournament-no = Non
tournament-standings = Classement
tournament-points = Points
tournament-opponents = Score des adversaires
tournament-vp = PV
tournament-played = Tables
tournament-byes = { $byes ->
    [one] (exempt une fois)
   *[other] (exempt { $byes } fois)
}
tournament-tiebreaks = À égalité de points, le score des adversaires (les points de tous ceux avec qui vous avez été à table) départage, puis les points de victoire.
tournament-round = Ronde { $round }
tournament-table = Table { $table }
tournament-replay = Rediffusion
tournament-watch = Regarder
tournament-seating = Placement en cours…
tournament-table-result = { $rank ->
    [1] victoire
   *[other] { $rank }e place
} avec { $vp } PV ; points : { $points }
tournament-bye-list = Exempts (1,5 point) :
tournament-your-table = Votre table est prête.
tournament-go-to-table = Aller à votre table
tournament-game-over-next-round = Votre partie de cette ronde est terminée. Attendez la ronde suivante : son appariement vous placera à une nouvelle table.
tournament-game-over-last-round = Votre partie de la dernière ronde est terminée : le classement final est connu dès que toutes les tables ont fini.
tournament-entered = Vous êtes inscrit.
tournament-withdraw = Se retirer
tournament-leave = Quitter le tournoi
tournament-leave-confirm = Quitter ce tournoi ? Vos tables jouées comptent toujours, votre partie en cours continue, et vous ne serez plus placé aux rondes suivantes. C’est définitif.
tournament-you-withdrew = Vous avez quitté ce tournoi : les rondes suivantes ne vous placent plus.
tournament-withdrew = (a quitté)
tournament-enter = S’inscrire
tournament-sign-in = Connectez-vous pour vous inscrire.
tournament-entrants = { $count ->
    [one] Un inscrit
   *[other] { $count } inscrits
}
tournament-no-entrants = Personne ne s’est encore inscrit.
tournament-round-started = Une nouvelle ronde d’un tournoi a commencé : votre table est prête.
tournament-over = Un tournoi auquel vous avez participé est terminé : vous finissez au rang { "{place}" }.

error-tournament-name = Le nom d’un tournoi compte de 3 à 60 caractères, sans caractère de contrôle ni invisible.
error-tournament-players = Choisissez 2, 3 ou 4 joueurs par table.
error-tournament-pace = Ce rythme n’existe pas.
error-tournament-rounds = Un tournoi compte de 1 à { $rounds } rondes.
error-tournament-start = Choisissez une heure de début entre maintenant et 60 jours plus tard.
error-tournament-round-minutes = Les minutes entre les rondes ne valent que pour les tournois en direct, de 10 à 600.
error-tournament-limits = Le classement minimum est compris entre 0 et 3000 ; le nombre minimum de parties entre 0 et 1000.
error-tournament-closed = Ce tournoi a commencé : les inscriptions sont closes.
error-tournament-too-many = Vous avez déjà { $most } tournois qui n’ont pas commencé ; créez-en un autre quand l’un d’eux aura débuté.
error-tournament-rating-too-low = Votre classement ({ $rating }) est inférieur au classement minimum de ce tournoi ({ $min }).
error-tournament-too-few-games = Parties terminées : { $games } ; ce tournoi en demande { $min }.
error-no-such-tournament = Ce tournoi n’existe pas.

mail-tournament-subject = Helvetia : le tournoi { $tournament } est terminé
mail-tournament-body = Bonjour { $name }, le tournoi { $tournament } est terminé : vous finissez à la place { $place } sur { $entrants }.
mail-open-tournament = Voir le classement : { $url }
