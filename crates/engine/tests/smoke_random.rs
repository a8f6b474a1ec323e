use helvetia_engine::{Game, GameOptions, SetupMode};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

#[test]
fn smoke() {
    for players in 2..=4u8 {
        for seed in 0..200u64 {
            let mut options = GameOptions::for_players(players);
            options.round_limit = Some(60);
            if seed % 2 == 1 {
                options.setup = SetupMode::Letters;
            }
            let mut game = Game::new(options, seed);
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut n = 0;
            while !game.is_over() {
                let legal = game.legal_actions();
                assert!(
                    !legal.is_empty(),
                    "no legal action p{players} seed {seed} at {n}: {:?}",
                    game.position().phase
                );
                let a = legal[(rng.next_u32() as usize) % legal.len()];
                game.play(a).unwrap();
                if let Err(e) = game.check_invariants() {
                    panic!("p{players} seed {seed} decision {n} after {a:?}: {e:?}");
                }
                n += 1;
            }
        }
    }
}
