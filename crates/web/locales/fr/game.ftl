# Les mots du jeu (édition française) et tout ce que dit la table de jeu.

building-holzfaeller = Cabane de bûcheron
building-ziegelei = Briqueterie
building-steinmetz = Maçonnerie
building-getreidehof = Ferme à blé
building-brunnenmeister = Puits
building-bergwerk = Mine
building-kuhstall = Étable
building-ziegenstall = Chèvrerie
building-marktplatz = Place du marché
building-backhaus = Boulangerie
building-brauhaus = Brasserie
building-eisenhuette = Ferronnerie
building-molkerei = Laiterie
building-metzgerei = Boucherie
building-kaeserei = Fromagerie
building-gerberei = Tannerie
building-glockengiesser = Fonderie
building-rindermarkt = Marché bovin
building-ziegenmarkt = Marché caprin
building-spezerei = Épicerie
building-muehle = Moulin
building-wirtshaus = Taverne
building-gemeindehaus = Mairie
building-kirche = Église

good-wood = bois
good-brick = brique
good-stone = pierre
good-grain = blé
good-water = eau
good-ore = minerai
good-cow = vache
good-goat = chèvre
good-bread = pain
good-beer = bière
good-iron = fer
good-milk = beurre
good-cheese = fromage
good-meat = viande
good-cloth = peau
good-cowbell = sonnaille

character-builder = Architecte
character-trader = Charretier
character-nightwatchman = Veilleur de nuit
character-priest = Prêtre
character-midwife = Sage-femme
does-builder = construit un bâtiment
does-trader = livre une ressource
does-nightwatchman = réveille un quart
does-priest = marie un habitant
does-midwife = un couple a un enfant

quarter-top-left = quart en haut à gauche
quarter-top-right = quart en haut à droite
quarter-bottom-left = quart en bas à gauche
quarter-bottom-right = quart en bas à droite

woman = femme
man = homme
girl = fille
boy = garçon
victory-points-3 = 3 points de victoire
victory-points-3-short = 3 PV
cost-free = gratuit
player-n = joueur { $n }
village-of = village de { $name }
neutral-village = le village neutre
cell-at = case libre, rangée { $row }, colonne { $column }

act-draft-pick = prendre { $building }
act-draft-take = prendre { $building } à { $name }
act-place-neutral = { $building } sur { $cell } avec un habitant neutre ({ $villager })
act-place-start = { $building } sur { $cell }
act-place-pair1 = femme sur { $woman }, homme sur { $man }
act-place-pair2 = { $worker } travaille, { $pupil } va à l'école
act-place-pair3 = { $spouse } se marie sur { $cell }, { $other } sur la place du village
act-begin = jeton sur { $character }
act-use-tile = utiliser la tuile { $character }
act-end-turn = finir le tour
act-pass = passer
act-neutral-priest = jeton neutre : un habitant neutre ({ $villager }) se marie sur { $cell }
act-neutral-build = jeton neutre : construire { $building } dans le village neutre
act-build = construire { $building }
act-work = { $cell } ({ $village }) produit { $good }
act-buy = acheter { $good } pour un jeton
act-pay = payer avec { $good }
act-place = poser dans { $village } : { $cell }
act-move-in = { $villager } de la place du village s'installe
act-deliver = livrer { $good }
act-wake = réveiller le { $quarter }, { $village }
act-marry-centre = { $villager } de la place du village se marie sur { $cell } ({ $village })
act-marry-school = { $villager } de l'école se marie sur { $cell } ({ $village })
act-take-dowry = prendre le jeton de dot de { $name }
act-birth = naissance : { $child } sur { $cell }
act-return-from-school = { $villager } de l'école s'installe sur { $cell }

table-characters = Personnages
table-market = Marché
table-display = Bâtiments disponibles
table-stack = Pioche { $n } : { $count } tuiles
table-score-track = Points de victoire
table-score-track-last = Points de victoire à la dernière fin de manche
table-school = École
table-draft-pool = Bâtiments de départ à choisir
table-start-buildings = Bâtiments de départ à poser
table-round = Manche { $round }
table-target = Fin à { $target } PV
table-round-limit = au plus tard après la manche { $limit }
table-centre = Place du village
table-hand = { $count } jetons en main
table-arriving = { $count } jetons de retour au prochain tour
table-supply = Réserve : { $women } femmes, { $men } hommes
table-school-of = École : { $women } femmes, { $men } hommes
table-start-player = Premier joueur
table-neutral-coin = Jeton neutre
table-neutral-coin-used = Jeton neutre utilisé cette manche
table-neutral-coin-legend = Contour gris en pointillés : le jeton neutre. À la place de votre tour, une fois par manche pour les deux joueurs ensemble : Prêtre neutre (un habitant neutre se marie dans votre bâtiment) ou Architecte neutre (un bâtiment disponible, gratuit, dans le village neutre).
table-village-tile = Tuile bonus de village : { $points } PV
table-good-tile = Tuile bonus { $good } : { $points } PV
table-branch-tile = Tuile de branche : { $points } PV
table-held-by = chez { $name }
table-character-tile = tuile { $character }
table-tile-face-up = prête
table-tile-used = utilisée cette manche
table-villager = { $villager } de { $name }
table-awake = éveillé
table-asleep = endormi
table-newborn = nouveau-né ({ $child }) de { $name }
table-coin = jeton de { $name }
table-coins-on = { $name } : { $count } jetons sur { $character }
table-cube = { $name } a livré { $good }
table-score-marker = { $name } : { $points } PV sur la piste
table-score-now = { $points } PV actuels
table-cost = coût : { $cost }
table-owed = Ressources encore dues
table-makes = produit : { $makes }
table-exchanges = échange : { $makes }
table-free-field = case libre
table-bot = ordinateur
table-offline = absent
table-you = vous
table-villages = Villages
score-breakdown = { $name } : { $total } PV maintenant — premier joueur { $start }, livraisons { $deliveries }, tuiles marchandise { $goods }, personnages { $characters }, bâtiments { $buildings }, branches { $branches }, villages { $villages }

prompt-your-turn = À vous de jouer
prompt-waiting = En attente de { $name }
prompt-bot-thinking = { $name } réfléchit…
prompt-game-over = La partie est terminée
step-draft = Choisissez un bâtiment de départ.
step-draft-take = Vous avez déjà chaque type restant : prenez un bâtiment de départ à un autre joueur.
step-place-neutral = Posez un bâtiment de départ du village neutre, avec un habitant neutre.
step-place-start = Posez vos bâtiments de départ autour de votre place du village.
step-pair1 = Premier couple : choisissez le bâtiment de la femme, puis celui de l'homme.
step-pair2 = Deuxième couple : l'un travaille dans votre dernier bâtiment, l'autre va à l'école.
step-pair3 = Troisième couple : l'un se marie dans le village de votre voisin de gauche, l'autre attend sur votre place du village.
step-choose = Choisissez un personnage pour votre jeton, utilisez une tuile personnage ou finissez votre tour.
step-choose-pass = Vous n'avez plus de jetons.
step-choose-forced-pass = Aucun de vos jetons ne peut servir maintenant : vous passez et êtes hors jeu jusqu'à la fin de la manche.
step-select-building = Choisissez un bâtiment disponible.
step-pay = Payer { $building } : encore { $cost }. Faites produire vos habitants ou achetez des ressources.
step-place = Choisissez une case libre pour { $building }.
step-move-in = Qui quitte la place du village pour le nouveau bâtiment ?
step-deliver = Produisez une ressource avec vos habitants et livrez-la au marché.
step-wake = Choisissez un quart de village à réveiller.
step-marry = Choisissez l'habitant célibataire que votre habitant épousera.
step-dowry = Choisissez un jeton de dot.
step-birth = Choisissez un couple de votre village qui aura un enfant.
step-school-return = Installez vos écoliers dans des bâtiments libres.
step-carried = Produit : { $good }
suggested = Suggestion : { $label }
undo = Annuler
choose-one = Choisissez :
several-choices = { $what } (plusieurs choix)
cancel = Fermer
sound-on = Son activé
sound-off = Son coupé
other-choices = Autres choix

end-title = Décompte final
end-rank = Rang
end-player = Joueur
end-points = PV
end-awake = Habitants éveillés
end-winner = Victoire : { $names }
end-shared = Victoire partagée : { $names }
end-tiebreak = Égalité aux points de victoire : le départage (le plus d'habitants éveillés dans les villages) a décidé.
end-round-limit = La partie s'est arrêtée à sa limite de manches ({ $limit }) avant que quiconque atteigne l'objectif.
end-replay = Revoir la partie

log-title = Journal de la partie
log-empty = Rien ne s'est encore passé.
replay-step = Étape { $step } sur { $total }

story-setup = Mise en place
story-round-end = Fin de la manche { $round }
story-game-end = Fin de la partie
story-show = Journal
story-only-choice = { $decision } (le seul choix possible)
story-turn-ends-by-itself = Plus rien à faire : le tour de { $name } se termine.
recent-turn = Dernier tour de { $name }
recent-hide = Masquer
story-place = poser { $building } dans { $village }
story-place-neutral = poser { $building } dans { $village } avec un habitant neutre ({ $villager })
story-good-tile = { $name } livre le premier { $good } et prend sa tuile bonus ({ $points } PV).
story-branch-tile = { $name } est le premier à livrer toute la filière ({ $goods }) et prend sa tuile bonus ({ $points } PV).
story-village-tile = Le village de { $name } est complet (entièrement entouré, tous les bâtiments occupés) : tuile bonus de village de { $points } PV.
story-start-player-last = { $name } est le dernier à avoir des pièces et prend le jeton de premier joueur (1 PV).
story-start-player-keeps = { $name } est le dernier à avoir des pièces et garde le jeton de premier joueur (1 PV).
story-start-player-passes = Seule la pièce neutre restait : le jeton de premier joueur passe à { $name } (1 PV).
story-character-tile = { $character } : { $name } a placé le plus de pièces ({ $coins }) et prend la tuile (1 PV).
story-character-tile-from = { $character } : { $name } a placé le plus de pièces ({ $coins }) et prend la tuile à { $from } (1 PV).
story-tiles-face-up = Les tuiles de personnage utilisées sont retournées face visible.
story-coins-back = Chacun reprend ses pièces sur les personnages.
story-school-to-centre = { $name } : de retour de l'école sans bâtiment libre, sur la place du village : { $villagers }.
story-children-to-school = Les enfants de cette manche de { $name } vont à l'école : { $children }.
story-women =
    { $count ->
        [one] une femme
       *[other] { $count } femmes
    }
story-men =
    { $count ->
        [one] un homme
       *[other] { $count } hommes
    }
story-girls =
    { $count ->
        [one] une fille
       *[other] { $count } filles
    }
story-boys =
    { $count ->
        [one] un garçon
       *[other] { $count } garçons
    }
story-score = { $name } : { $before } → { $points } PV ({ $why }).
story-score-same = { $name } reste à { $points } PV ({ $why }).
story-score-nothing = { $name } n'a pas encore de points de victoire.
story-vp-start = premier joueur
story-vp-deliveries = livraisons
story-vp-good-tiles = tuiles de marchandise
story-vp-character-tiles = tuiles de personnage
story-vp-buildings = bâtiments de points de victoire
story-vp-branch-tiles = tuiles de filière
story-vp-village-tiles = tuiles de village
story-new-buildings = Nouveaux bâtiments proposés : { $buildings }.
story-no-new-buildings = Il ne reste plus de bâtiments à proposer.
story-target-reached = Quelqu'un a { $target } PV ou plus : la partie se termine.
story-round-limit = La partie se termine à sa limite de manches ({ $limit }).
story-winner = { $names } gagne avec { $points } PV.
story-shared = { $names } se partagent la victoire avec { $points } PV.
story-tie-break = Égalité à { $points } PV : les habitants éveillés départagent ({ $awake }).

# Before a decision that leaves coins unused for the rest of the round.
forfeit-coins = { $coins ->
    [one] 1 jeton
   *[other] { $coins } jetons
}
forfeit-end-turn = Il vous reste { forfeit-coins }. Si vous terminez maintenant, la manche se termine avant votre prochain tour, car les autres n'ont plus que leur dernier jeton : ils ne vous serviront plus dans cette manche. Terminer quand même ?
forfeit-tile = Il vous reste { forfeit-coins }. Une tuile d'un autre personnage après votre action termine aussitôt votre tour, et la manche se termine avant le prochain : ils ne vous serviront plus dans cette manche. L'utiliser quand même ?
forfeit-neutral = Il vous reste { forfeit-coins }. Votre adversaire n'a plus qu'un jeton à placer au plus : tant que le jeton neutre reste inutilisé, vous rejouez encore dans cette manche. Si vous l'utilisez maintenant, la manche se termine avant votre prochain tour et vos jetons ne vous serviront plus dans cette manche. L'utiliser quand même ?
forfeit-step = Il vous reste { forfeit-coins }. Ce choix termine votre tour (un autre vous laisserait continuer), et la manche se termine avant le prochain : ils ne vous serviront plus dans cette manche. Continuer quand même ?
forfeit-yes = Oui, continuer
# Why a click on the table did nothing.
refusal-game-over = Pas maintenant : la partie est terminée.
refusal-not-your-turn = Pas maintenant : c'est au tour de { $name }.
refusal-other-step = Pas cela : { $step }
# Why the suggested decision is good.
suggest-work-free = Produire { $good } avec votre { $building } : gratuit, sans jeton.
suggest-work-deliver = Produire { $good } avec votre { $building }, en vue d'une livraison.
suggest-pay = Payer avec { $good } qui vient d'être produit : gratuit.
suggest-buy = Acheter { $good } pour un jeton : aucun de vos villageois éveillés ne peut le produire maintenant.
suggest-deliver = Livrer { $good } : un cube sur le marché, un point de victoire de plus.
suggest-plan = Le meilleur tour que trouve le robot glouton commence ici.

# The hint in a game against bots only: the search's preferred decisions for the turn.
hint-button = Conseil
hint-title = Demander à la recherche ce qu'elle jouerait d'ici (cette partie autorise les conseils)
hint-working = Réflexion…
hint-line = La recherche jouerait : { $line }
hint-chances = Votre chance de gagner : { $before } % maintenant, { $after } % après ces décisions.
hint-why = Pourquoi (points de victoire selon l'évaluation) : { $terms }
hint-why-none = L'évaluation ne voit pas de changement notable de vos perspectives.

# Abandon
story-resigned = { $name } a abandonné ; la partie s’arrête.
story-resigned-bot = { $name } a abandonné ; un bot joue cette place désormais.
end-resigned = Abandon (classé dernier) : { $names }
