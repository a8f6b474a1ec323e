//! Seats before the start, decided on the game as it is, as an action is: taking an open seat
//! or the one an invitation keeps, giving one back (the creator leaving cancels the game), and
//! the start by the creator. Each decision is a [`SeatChange`] (or a cancellation, or a start)
//! that the write path stores and applies, or a [`SeatingRefusal`] that changes nothing.

use super::GameState;
use crate::seats::{GameStatus, Occupant, SeatRecord};

/// A seat's new occupant, stored only while the seat still holds `old`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatChange {
    /// The seat as it becomes.
    pub seat: SeatRecord,
    /// Its occupant before.
    pub old: Occupant,
    /// Whether the game stops being rated with it.
    pub unrate: bool,
}

/// What a person's leaving an open game does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Leaving {
    /// Their seat opens again (or is kept for the invitation they came with).
    Seat(SeatChange),
    /// They created it: the game is cancelled.
    Cancel,
}

/// Why a seat or the start is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatingRefusal {
    /// The game is no longer open.
    AlreadyStarted,
    /// The person sits here already.
    AlreadySeated,
    /// No seat is kept for this invitation.
    InvitationInvalid,
    /// This seat (0-based) is not open.
    SeatNotOpen(u8),
    /// Every seat is taken.
    NoOpenSeat,
    /// A running or ended game is not left this way.
    CannotLeaveStarted,
    /// The person has no seat here.
    NotSeated,
    /// Only the person who created the game starts it.
    OnlyCreatorStarts,
    /// A seat is still free.
    SeatsNotFilled,
}

impl SeatChange {
    /// `seat` of `state` becoming `seat.occupant`.
    #[must_use]
    pub fn of(state: &GameState, seat: SeatRecord) -> SeatChange {
        let old = state.seats[usize::from(seat.seat)].occupant.clone();
        let unrate = state.settings.rated && !old.keeps_rating_when_it_becomes(&seat.occupant);
        SeatChange { seat, old, unrate }
    }
}

impl GameState {
    /// The person `user_id` (called `username`) takes seat `wanted` (any fitting one if none):
    /// an open seat, or with `invite` the seat kept for that invitation.
    ///
    /// # Errors
    /// The game has started, they sit here already, or no seat fits.
    pub fn try_take_seat(
        &self,
        (user_id, username): (&str, &str),
        wanted: Option<u8>,
        invite: Option<&str>,
    ) -> Result<SeatChange, SeatingRefusal> {
        if self.status != GameStatus::Open {
            return Err(SeatingRefusal::AlreadyStarted);
        }
        if self.seat_of(user_id).is_some() {
            return Err(SeatingRefusal::AlreadySeated);
        }
        let fits = |s: &&SeatRecord| match (&s.occupant, invite) {
            (Occupant::Invite { token }, Some(invite)) => token == invite,
            (Occupant::Open, None) => true,
            _ => false,
        };
        let chosen = match wanted {
            Some(n) => self.seats.iter().find(|s| s.seat == n).filter(fits),
            None => self.seats.iter().find(fits),
        };
        let Some(chosen) = chosen else {
            return Err(match (invite, wanted) {
                (Some(_), _) => SeatingRefusal::InvitationInvalid,
                (None, Some(n)) => SeatingRefusal::SeatNotOpen(n),
                (None, None) => SeatingRefusal::NoOpenSeat,
            });
        };
        let taken = SeatRecord::new(
            chosen.seat,
            Occupant::Human {
                user_id: user_id.to_string(),
                username: username.to_string(),
                invite: invite.map(str::to_string),
            },
        );
        Ok(SeatChange::of(self, taken))
    }

    /// The person `user_id` leaves the open game.
    ///
    /// # Errors
    /// The game has started, or they have no seat here.
    pub fn try_leave(&self, user_id: &str) -> Result<Leaving, SeatingRefusal> {
        if self.status != GameStatus::Open {
            return Err(SeatingRefusal::CannotLeaveStarted);
        }
        if self.creator_id == user_id {
            return Ok(Leaving::Cancel);
        }
        let seat = self.seat_of(user_id).ok_or(SeatingRefusal::NotSeated)?;
        let freed = SeatRecord::new(
            seat.0,
            match &self.seats[seat.index()].occupant {
                Occupant::Human {
                    invite: Some(token),
                    ..
                } => Occupant::Invite {
                    token: token.clone(),
                },
                _ => Occupant::Open,
            },
        );
        Ok(Leaving::Seat(SeatChange::of(self, freed)))
    }

    /// Whether the person `user_id` may start the game now.
    ///
    /// # Errors
    /// They did not create it, it has started, or a seat is free.
    pub fn try_start(&self, user_id: &str) -> Result<(), SeatingRefusal> {
        if self.creator_id != user_id {
            return Err(SeatingRefusal::OnlyCreatorStarts);
        }
        if self.status != GameStatus::Open {
            return Err(SeatingRefusal::AlreadyStarted);
        }
        if !self.is_full() {
            return Err(SeatingRefusal::SeatsNotFilled);
        }
        Ok(())
    }

    /// Applies a stored seat change.
    pub fn apply_seat(&mut self, change: SeatChange) {
        self.settings.rated &= !change.unrate;
        let index = usize::from(change.seat.seat);
        self.seats[index] = change.seat;
    }
}

#[cfg(test)]
mod tests {
    use helvetia_engine::GameOptions;

    use super::super::test_records::people_record;
    use super::{Leaving, SeatChange, SeatingRefusal};
    use crate::game_state::GameState;
    use crate::records::{GameRecordRow, GameSettings};
    use crate::seats::{GameStatus, Occupant, SeatRecord};

    /// An open rated three-player game of `u0`: seat 1 open, seat 2 kept for invitation `tok`.
    fn open_game() -> GameState {
        let mut record = people_record(GameOptions::for_players(3), 7);
        record.seats[1] = SeatRecord::new(1, Occupant::Open);
        record.seats[2] = SeatRecord::new(
            2,
            Occupant::Invite {
                token: "tok".into(),
            },
        );
        let record = GameRecordRow {
            status: GameStatus::Open,
            settings: GameSettings {
                rated: true,
                ..record.settings
            },
            ..record
        };
        GameState::from_record(record).expect("a game")
    }

    fn person(id: &str, invite: Option<&str>) -> Occupant {
        Occupant::Human {
            user_id: id.into(),
            username: format!("name of {id}"),
            invite: invite.map(str::to_string),
        }
    }

    #[test]
    fn a_person_takes_an_open_seat_or_the_one_kept_for_their_invitation() {
        let mut game = open_game();
        let anna = ("anna", "name of anna");
        let open = game.try_take_seat(anna, None, None).expect("the open seat");
        assert_eq!(open.seat, SeatRecord::new(1, person("anna", None)));
        assert_eq!((open.old.clone(), open.unrate), (Occupant::Open, false));
        assert_eq!(
            game.try_take_seat(anna, Some(2), None),
            Err(SeatingRefusal::SeatNotOpen(2))
        );
        assert_eq!(
            game.try_take_seat(anna, None, Some("wrong")),
            Err(SeatingRefusal::InvitationInvalid)
        );
        let invited = game.try_take_seat(anna, None, Some("tok")).expect("seat 2");
        assert_eq!(
            invited.seat,
            SeatRecord::new(2, person("anna", Some("tok")))
        );
        game.apply_seat(open);
        assert_eq!(
            game.try_take_seat(anna, None, Some("tok")),
            Err(SeatingRefusal::AlreadySeated)
        );
        assert_eq!(
            game.try_take_seat(("bob", "bob"), None, None),
            Err(SeatingRefusal::NoOpenSeat)
        );
        assert_eq!(game.try_start("u0"), Err(SeatingRefusal::SeatsNotFilled));
    }

    #[test]
    fn leaving_opens_the_seat_again_or_keeps_it_for_the_invitation_and_the_creator_cancels() {
        let mut game = open_game();
        let change = game
            .try_take_seat(("anna", "anna"), None, Some("tok"))
            .expect("seat 2");
        game.apply_seat(change);
        let Ok(Leaving::Seat(left)) = game.try_leave("anna") else {
            panic!("anna leaves her seat");
        };
        let kept = Occupant::Invite {
            token: "tok".into(),
        };
        assert_eq!(left.seat, SeatRecord::new(2, kept));
        assert_eq!(game.try_leave("u0"), Ok(Leaving::Cancel));
        assert_eq!(game.try_leave("bob"), Err(SeatingRefusal::NotSeated));
    }

    #[test]
    fn only_the_creator_starts_a_full_open_game_once() {
        let mut game = GameState::from_record(GameRecordRow {
            status: GameStatus::Open,
            ..people_record(GameOptions::for_players(2), 3)
        })
        .expect("a game");
        assert_eq!(game.try_start("u1"), Err(SeatingRefusal::OnlyCreatorStarts));
        assert_eq!(game.try_start("u0"), Ok(()));
        game.status = GameStatus::Running;
        assert_eq!(game.try_start("u0"), Err(SeatingRefusal::AlreadyStarted));
        assert_eq!(
            game.try_leave("u1"),
            Err(SeatingRefusal::CannotLeaveStarted)
        );
        assert_eq!(
            game.try_take_seat(("anna", "anna"), None, None),
            Err(SeatingRefusal::AlreadyStarted)
        );
    }

    #[test]
    fn a_seat_kept_for_a_bot_account_that_opens_unrates_the_game() {
        let mut game = open_game();
        game.seats[1].occupant = Occupant::InvitedBot {
            user_id: "bot".into(),
            username: "bot".into(),
        };
        // The bot account declined: a person may take the seat, and people and programs never
        // play a rated game together.
        let change = SeatChange::of(&game, SeatRecord::new(1, Occupant::Open));
        assert!(change.unrate, "{change:?}");
        game.apply_seat(change);
        assert!(!game.settings.rated);
    }
}
