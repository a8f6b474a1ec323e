# Puzzles: decisions from games where one action is clearly the best.
nav-puzzles = Problèmes
puzzles-title = Problèmes
puzzles-goal = Trouvez la meilleure action pour { $name }.
puzzles-rating = Classement du problème : { $rating }
puzzles-your-rating = Votre classement aux problèmes : { $rating }
puzzles-log-in = Connectez-vous pour avoir un classement aux problèmes
puzzles-next = Problème suivant
puzzles-none = Aucun problème ne vous attend pour l’instant.
puzzles-seat = Joueur { $n }
puzzles-right = Juste : { $best } est la meilleure action.
puzzles-wrong = Pas la meilleure : la meilleure action est { $best }.
puzzles-rating-change = Votre classement aux problèmes : { $before } → { $after }.
profile-puzzles = Classement aux problèmes : { $rating } ({ $tried } essayés)
profile-no-puzzles = Aucun problème essayé pour l’instant.
