//! The game screen: the display, taking a turn, every realm and the log.
//! Every option shown comes from the engine's legal turns.

use std::time::Duration;

use leptos::prelude::*;
use majesty_rules::{Card, Character, FinalScoring, Location, Tier, Turn};

use crate::app::{AppState, Screen};
use crate::bot_driver::think;
use crate::describe::{headline, lines};
use crate::i18n::describe_ability;
use crate::icons::{CharacterIcon, Coin, InfirmaryIcon, Meeple};
use crate::session::Session;
use final_scoring::FinalScoringView;

pub mod final_scoring;
pub mod score_chart;

/// How long a computer's chosen card is shown before it is played.
const SHOW_BOT_CHOICE: Duration = Duration::from_millis(700);

/// CSS class of a character's colour.
pub fn character_class(character: Character) -> &'static str {
    match character {
        Character::Miller => "c-miller",
        Character::Brewer => "c-brewer",
        Character::Witch => "c-witch",
        Character::Guard => "c-guard",
        Character::Knight => "c-knight",
        Character::Innkeeper => "c-innkeeper",
        Character::Noble => "c-noble",
    }
}

/// A character card face: one character, or both halves of a split card.
#[component]
pub fn CardFace(card: Card) -> impl IntoView {
    let state = expect_context::<AppState>();
    let halves = card
        .characters()
        .map(|c| {
            view! {
                <span class=format!("half {}", character_class(c))>
                    <CharacterIcon character=c/>
                    <span class="name">{move || state.t().character(c)}</span>
                </span>
            }
        })
        .collect_view();
    view! { <span class="face" class:split=card.is_split() aria-hidden="true">{halves}</span> }
}

/// What the player is choosing for this turn.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
struct Picks {
    space: Option<usize>,
    place: Option<Character>,
    heal: Option<Character>,
    trade: i32,
}

fn distinct<T: PartialEq + Copy>(items: impl Iterator<Item = T>) -> Vec<T> {
    let mut out = Vec::new();
    for item in items {
        if !out.contains(&item) {
            out.push(item);
        }
    }
    out
}

/// The legal turns for the picked space, the character the picks place the
/// card as, and the one turn they name (once every choice that matters is made).
fn resolve(legal: &[Turn], picks: Picks) -> (Vec<Turn>, Option<Character>, Option<Turn>) {
    let Some(space) = picks.space else {
        return (Vec::new(), None, None);
    };
    let options: Vec<Turn> = legal.iter().copied().filter(|t| t.take == space).collect();
    let places = distinct(options.iter().map(|t| t.place));
    let place = picks
        .place
        .or_else(|| (places.len() == 1).then(|| places[0]));
    let chosen = options
        .iter()
        .copied()
        .filter(|t| Some(t.place) == place)
        .filter(|t| t.heal.is_none() || t.heal == picks.heal)
        .find(|t| t.trade == picks.trade);
    (options, place, chosen)
}

#[component]
pub fn GameScreen() -> impl IntoView {
    let state = expect_context::<AppState>();
    let t = move || state.t();
    let session = state.session;
    let picks = RwSignal::new(Picks::default());

    let with_session = move |f: &dyn Fn(&Session) -> AnyView| -> AnyView {
        session.with(|s| match s {
            Some(s) => f(s),
            None => ().into_any(),
        })
    };

    let legal = Memo::new(move |_| {
        session.with(|s| s.as_ref().map(|s| s.game.legal_turns()).unwrap_or_default())
    });

    let confirm = move |turn: Turn| {
        let mut result = Ok(());
        session.update(|s| {
            if let Some(s) = s {
                result = s.play(turn);
            }
        });
        match result {
            Ok(()) => {
                picks.set(Picks::default());
                state.save();
                tell_parent(state);
            }
            Err(e) => {
                let t = state.t();
                state.notice.set(Some(t.turn_refused(&t.turn_error(&e))));
            }
        }
    };

    // The first moment a person can choose here: a User Timing mark that the
    // load measurements read (scripts/measure-load.mjs).
    Effect::new(move |_| {
        let watching = state.replay.with(Option::is_some);
        let person_to_move =
            session.with(|s| s.as_ref().is_some_and(|s| s.bot_to_move().is_none()));
        if !watching && person_to_move && !legal.with(Vec::is_empty) {
            crate::app::mark_once("board-ready");
        }
    });

    // The computer seats: when one is to move, think, show the choice for a
    // moment, then play it (unless the game changed meanwhile: undo, new game).
    let thinking_on = RwSignal::new(None::<majesty_rules::GameRecord>);
    Effect::new(move |_| {
        let watching = state.replay.with(Option::is_some);
        let job = session.with(|s| {
            let s = s.as_ref().filter(|_| !watching)?;
            let level = s.bot_to_move()?;
            Some((level, s.game.clone(), s.bot_seed(), s.record.clone()))
        });
        let Some((level, game, seed, record)) = job else {
            return;
        };
        if thinking_on.get_untracked().as_ref() == Some(&record) {
            return;
        }
        thinking_on.set(Some(record.clone()));
        think(level, game, seed, move |turn| {
            let unchanged =
                move || session.with_untracked(|s| s.as_ref().is_some_and(|s| s.record == record));
            if !unchanged() {
                return;
            }
            picks.set(Picks {
                space: Some(turn.take),
                place: Some(turn.place),
                heal: turn.heal,
                trade: turn.trade,
            });
            set_timeout(
                move || {
                    if unchanged() {
                        confirm(turn);
                    }
                },
                SHOW_BOT_CHOICE,
            );
        });
    });
    let watching = move || state.replay.with(Option::is_some);
    let bot_moving =
        move || !watching() && session.with(|s| s.as_ref().and_then(|s| s.bot_to_move()).is_some());

    let undo = move |_| {
        let mut undone = false;
        session.update(|s| {
            if let Some(s) = s {
                undone = s.undo();
            }
        });
        if undone {
            picks.set(Picks::default());
            state.save();
        }
    };

    let status = move || {
        let t = t();
        with_session(&|s| {
            let game = &s.game;
            if game.is_over() {
                return view! { <h1 class="status">{t.game_over()}</h1> }.into_any();
            }
            let seat = game.current_player();
            let doing = match s.bot_to_move().filter(|_| !watching()) {
                Some(level) => t.computer_playing(s.name(seat), level),
                None => t.to_play(s.name(seat)),
            };
            view! {
                <h1 class="status">
                    <span class=format!("seat-dot seat-{seat}") aria-hidden="true"></span>
                    {doing}
                    <span class="muted">{t.turn_of(game.turn_number() + 1, game.config().total_turns())}</span>
                </h1>
            }
            .into_any()
        })
    };

    let display = move || {
        let t = t();
        with_session(&|s| {
            let game = &s.game;
            if game.is_over() {
                return ().into_any();
            }
            let meeples = usize::from(game.player(game.current_player()).meeples());
            let bot = s.bot_to_move().is_some() || watching();
            let cards = game
                .display()
                .iter()
                .enumerate()
                .map(|(space, slot)| {
                    let affordable = space <= meeples && !bot;
                    let lying = slot.meeples;
                    view! {
                        <li>
                            <button
                                class="card"
                                data-space=space
                                aria-label=t.display_card(space, slot.card, lying)
                                aria-pressed=move || (picks.get().space == Some(space)).to_string()
                                disabled=!affordable
                                on:click=move |_| picks.set(Picks { space: Some(space), ..Picks::default() })
                            >
                                <CardFace card=slot.card/>
                                <span class="cost" aria-hidden="true">{t.cost(space)}</span>
                                {(lying > 0).then(|| view! {
                                    <span class="lying" title=t.meeples_on_card(lying) aria-hidden="true">
                                        <Meeple/>{format!("×{lying}")}
                                    </span>
                                })}
                            </button>
                        </li>
                    }
                })
                .collect_view();
            let tier = match game.deck_top_tier() {
                Some(Tier::One) => "tier-1",
                Some(Tier::Two) => "tier-2",
                None => "tier-unknown",
            };
            view! {
                <section class="display" aria-label=t.the_display()>
                    <ol class="cards">{cards}</ol>
                    <div class=format!("deck {tier}") role="img" aria-label=t.deck_label(game.deck_len())>
                        <span class="count" aria-hidden="true">{game.deck_len()}</span>
                        <span class="label" aria-hidden="true">{t.in_the_deck()}</span>
                    </div>
                </section>
            }
            .into_any()
        })
    };

    let chooser = move || {
        let t = t();
        if watching() {
            return view! { <ReplayControls/> }.into_any();
        }
        let p = picks.get();
        let legal = legal.get();
        let (options, place, chosen) = resolve(&legal, p);
        if p.space.is_none() || options.is_empty() {
            return with_session(&|s| {
                if s.game.is_over() {
                    ().into_any()
                } else if s.bot_to_move().is_some() {
                    view! { <p class="hint">{t.computer_thinking()}</p> }.into_any()
                } else {
                    view! { <p class="hint">{t.choose_card()}</p> }.into_any()
                }
            });
        }
        let places = distinct(options.iter().map(|t| t.place));
        let place_buttons = (places.len() > 1).then(|| {
            let buttons = places
                .iter()
                .map(|&c| {
                    view! {
                        <button class=format!("choice {}", character_class(c))
                            aria-pressed=move || (picks.get().place == Some(c)).to_string()
                            on:click=move |_| picks.update(|p| { p.place = Some(c); p.heal = None; p.trade = 0; })>
                            <CharacterIcon character=c/>
                            {t.place_at(c)}
                        </button>
                    }
                })
                .collect_view();
            view! { <div class="step" role="group" aria-label=t.place_as()><p>{t.place_as()}</p>{buttons}</div> }
        });
        let for_place: Vec<Turn> = options
            .iter()
            .copied()
            .filter(|o| Some(o.place) == place)
            .collect();
        let heals = distinct(for_place.iter().filter_map(|o| o.heal));
        let healed_card = session.with(|s| {
            s.as_ref()
                .and_then(|s| s.game.player(s.game.current_player()).infirmary_top())
        });
        let heal_buttons = (!heals.is_empty()).then(|| {
            let question = healed_card.map(|c| t.heal_question(c)).unwrap_or_default();
            view! {
                <div class="step" role="group" aria-label=question.clone()>
                    <p>{question.clone()}</p>
                    {heals.iter().map(|&c| view! {
                        <button class=format!("choice {}", character_class(c))
                            aria-pressed=move || (picks.get().heal == Some(c)).to_string()
                            on:click=move |_| picks.update(|p| p.heal = Some(c))>
                            {t.heal_to(c)}
                        </button>
                    }).collect_view()}
                </div>
            }
        });
        let trades: Vec<i32> = distinct(for_place.iter().map(|o| o.trade));
        let trade_picker = (trades.len() > 1).then(|| {
            let min = *trades.iter().min().unwrap_or(&0);
            let max = *trades.iter().max().unwrap_or(&0);
            view! {
                <div class="step">
                    <label>
                        {t.castle_trade()}
                        " "
                        <input type="range" min=min max=max step="1" class="trade"
                            aria-valuetext=move || state.t().trade(picks.get().trade)
                            prop:value=move || picks.get().trade.to_string()
                            on:input=move |ev| {
                                let trade = event_target_value(&ev).parse().unwrap_or(0);
                                picks.update(|p| p.trade = trade);
                            }/>
                        " "
                        <output>{move || state.t().trade(picks.get().trade)}</output>
                    </label>
                </div>
            }
        });
        let preview = chosen.and_then(|turn| {
            session.with(|s| {
                let s = s.as_ref()?;
                let (gains, events) = s.preview(turn)?;
                let names = &s.record.players;
                let gains = gains
                    .iter()
                    .enumerate()
                    .map(|(seat, g)| format!("{} {g:+}", names[seat]))
                    .collect::<Vec<_>>()
                    .join(" · ");
                let explained = lines(&events, names, t)
                    .into_iter()
                    .map(|l| view! { <li>{l}</li> })
                    .collect_view();
                Some(view! {
                    <div class="preview">
                        <p><strong>{t.this_turn()}</strong>{gains}</p>
                        <ul>{explained}</ul>
                    </div>
                })
            })
        });
        if bot_moving() {
            return view! {
                <section class="panel chooser" aria-label=t.computers_turn()>{preview}</section>
            }
            .into_any();
        }
        view! {
            <section class="panel chooser" aria-label=t.your_turn()>
                {place_buttons}
                {heal_buttons}
                {trade_picker}
                {preview}
                <div class="actions">
                    <button on:click=move |_| picks.set(Picks::default())>{t.cancel()}</button>
                    <button class="primary" disabled=chosen.is_none()
                        on:click=move |_| { if let Some(turn) = chosen { confirm(turn) } }>
                        {t.confirm()}
                    </button>
                </div>
            </section>
        }
        .into_any()
    };

    let realms = move || {
        let t = t();
        with_session(&|s| {
            let game = &s.game;
            let preview = FinalScoring::of(game);
            let sides = game.config().sides;
            // Each location header shows its ability on hover and on keyboard
            // focus (a popover), and describes itself to screen readers.
            let header = Location::ALL[..7]
                .iter()
                .map(|&l| {
                    let c = l.character().expect("locations 1-7 have a character");
                    let id = format!("ability-{}", l.index());
                    let described_by = id.clone();
                    view! {
                        <th scope="col" class=format!("loc {}", character_class(c)) tabindex="0" aria-describedby=described_by>
                            <CharacterIcon character=c/>
                            <span class="loc-name">{t.location(l)}</span>
                            <span class="ability-pop" role="tooltip" id=id>
                                <strong>{t.location_heading(l, sides.of(l))}</strong>
                                " "
                                {describe_ability(t, l, sides.of(l))}
                            </span>
                        </th>
                    }
                })
                .collect_view();
            let rows = game
                .players()
                .iter()
                .enumerate()
                .map(|(seat, player)| {
                    let current = !game.is_over() && seat == game.current_player();
                    let scoring = &preview.players[seat];
                    let counts = player.realm().counts();
                    let cells = (0..7)
                        .map(|i| {
                            let leads = scoring.majority[i] > 0;
                            let splits = player
                                .realm()
                                .at(Location::ALL[i])
                                .filter(|p| p.card.is_split())
                                .count();
                            view! {
                                <td class:leads=leads title=if leads { t.leads() } else { "" }>
                                    {counts[i]}
                                    {leads.then(|| view! { <span class="lead-mark" aria-label=t.leads()>"★"</span> })}
                                    {(splits > 0).then(|| view! {
                                        <span class="splits" title=t.split_cards(splits)>{format!("½×{splits}")}</span>
                                    })}
                                </td>
                            }
                        })
                        .collect_view();
                    let infirmary = player.infirmary().len();
                    // Only the player to move (the one at the screen) sees their top card.
                    let top = if current {
                        player
                            .infirmary_top()
                            .map(|c| view! { <span class="top-card">{t.infirmary_top(c)}</span> })
                    } else {
                        None
                    };
                    let meeples = (0..5u8)
                        .map(|i| {
                            let empty = i >= player.meeples();
                            view! { <Meeple empty=empty/> }
                        })
                        .collect_view();
                    view! {
                        <tr class:current=current>
                            <th scope="row" class="who">
                                <span class=format!("seat-dot seat-{seat}") aria-hidden="true"></span>
                                {s.name(seat).to_string()}
                                {current.then(|| view! { <span class="to-move">{format!(" ◀ {}", t.to_move_marker())}</span> })}
                                <span class="worker" role="img" aria-label=t.worker(player.meeples())>{meeples}</span>
                            </th>
                            <td class="score"><Coin/>{player.score()}</td>
                            {cells}
                            <td class="infirmary" title=t.infirmary_cards_hint()>{infirmary}{top}</td>
                            <td class="variety" title=t.variety_hint()>
                                {t.variety_cell(scoring.variety_locations, scoring.variety)}
                            </td>
                        </tr>
                    }
                })
                .collect_view();
            view! {
                <section class="realms" aria-label=t.realms()>
                    <table>
                        <thead>
                            <tr>
                                <th scope="col">{t.player()}</th>
                                <th scope="col">{t.points()}</th>
                                {header}
                                <th scope="col" class="loc" tabindex="0" aria-describedby="ability-7">
                                    <InfirmaryIcon/><span class="loc-name">{t.location(Location::Infirmary)}</span>
                                    <span class="ability-pop" role="tooltip" id="ability-7">
                                        <strong>{t.location_heading(Location::Infirmary, sides.of(Location::Infirmary))}</strong>
                                        " "
                                        {describe_ability(t, Location::Infirmary, sides.of(Location::Infirmary))}
                                    </span>
                                </th>
                                <th scope="col">{t.variety()}</th>
                            </tr>
                        </thead>
                        <tbody>{rows}</tbody>
                    </table>
                </section>
            }
            .into_any()
        })
    };

    let abilities = move || {
        let t = t();
        with_session(&|s| {
            let sides = s.game.config().sides;
            let items = Location::ALL
                .iter()
                .map(|&l| {
                    view! {
                        <li>
                            <strong>{t.location_heading(l, sides.of(l))}</strong>
                            ": " {describe_ability(t, l, sides.of(l))}
                        </li>
                    }
                })
                .collect_view();
            view! {
                <details class="panel abilities">
                    <summary>{t.locations_in_play()}</summary>
                    <ul>{items}</ul>
                </details>
            }
            .into_any()
        })
    };

    let log = move || {
        let t = t();
        with_session(&|s| {
            let names = &s.record.players;
            let entries = s
                .log
                .iter()
                .rev()
                .map(|entry| {
                    let explained = lines(&entry.events, names, t)
                        .into_iter()
                        .map(|l| view! { <li>{l}</li> })
                        .collect_view();
                    view! {
                        <li>
                            <span class="turn-no">{entry.number}</span>
                            <strong>{headline(&entry.events, names, t)}</strong>
                            <ul>{explained}</ul>
                        </li>
                    }
                })
                .collect_view();
            view! {
                <section class="panel log" aria-label=t.log()>
                    <h2>{t.log()}</h2>
                    <ol reversed>{entries}</ol>
                </section>
            }
            .into_any()
        })
    };

    // Each turn's result, read out by screen readers.
    let announcement = move || {
        let t = t();
        session.with(|s| {
            let s = s.as_ref()?;
            let entry = s.log.last()?;
            let names = &s.record.players;
            let mut text = headline(&entry.events, names, t);
            for line in lines(&entry.events, names, t) {
                text.push_str(". ");
                text.push_str(&line);
            }
            Some(text)
        })
    };

    let final_table = move || {
        with_session(&|s| {
            match s.game.result() {
            Some(result) => {
                view! {
                    <FinalScoringView result=result names=s.record.players.clone() history=s.score_history()/>
                }
                .into_any()
            }
            None => ().into_any(),
        }
        })
    };

    let can_undo = move || {
        session.with(|s| {
            s.as_ref().is_some_and(|s| {
                s.allow_undo
                    && s.log
                        .iter()
                        .any(|e| s.seats.get(e.seat).copied().flatten().is_none())
            })
        })
    };
    let undo_offered = move || session.with(|s| s.as_ref().is_some_and(|s| s.allow_undo));

    view! {
        <div class="board">
            <p class="sr-only" aria-live="polite" aria-atomic="true">{announcement}</p>
            {status}
            {final_table}
            {display}
            {chooser}
            {realms}
            <div class="actions">
                <Show when=move || undo_offered() && !watching()>
                    <button on:click=undo disabled=move || !can_undo() || bot_moving()>{move || t().take_back()}</button>
                </Show>
                <ShareLinks/>
                <Show when=move || !state.embed>
                    <button on:click=move |_| state.screen.set(Screen::Home)>{move || t().home()}</button>
                </Show>
            </div>
            {abilities}
            {log}
        </div>
    }
}

/// Tells an embedding page what the last turn did, and the result at the end.
fn tell_parent(state: AppState) {
    let origin = state.parent_origin.get_value();
    state.session.with_untracked(|s| {
        let Some(s) = s.as_ref() else { return };
        let Some(entry) = s.log.last() else { return };
        let t = state.t();
        let scores: Vec<i32> = s.game.players().iter().map(|p| p.score()).collect();
        crate::embed::notify_parent(
            origin.as_deref(),
            "turn",
            serde_json::json!({
                "turn": entry.number,
                "player": s.name(entry.seat),
                "summary": headline(&entry.events, &s.record.players, t),
                "scores": scores,
            }),
        );
        if let Some(result) = s.game.result() {
            let totals: Vec<i32> = result.players.iter().map(|p| p.total).collect();
            let winners: Vec<&str> = result.winners.iter().map(|&w| s.name(w)).collect();
            crate::embed::notify_parent(
                origin.as_deref(),
                "gameOver",
                serde_json::json!({ "players": s.record.players, "scores": totals, "winners": winners }),
            );
        }
    });
}

/// Step through a recorded game: back and forth, jump, play and pause, or
/// play on from the position shown.
#[component]
fn ReplayControls() -> impl IntoView {
    let state = expect_context::<AppState>();
    let t = move || state.t();
    let step = move || state.replay.with(|r| r.as_ref().map_or(0, |r| r.step));
    let total = move || {
        state
            .replay
            .with(|r| r.as_ref().map_or(0, |r| r.record.turns.len()))
    };
    let playing = RwSignal::new(false);
    let go = move |to: usize| state.replay_to(to);
    // (Comparisons stay out of the markup: `>` would end a tag in `view!`.)
    let at_start = move || step() == 0;
    let at_end = move || step() >= total();
    // Play: one turn a second until the end or a pause.
    let tick = RwSignal::new(0u32);
    Effect::new(move |_| {
        tick.get();
        if !playing.get() {
            return;
        }
        set_timeout(
            move || {
                if !playing.get_untracked() {
                    return;
                }
                let (now, end) = (step(), total());
                if now >= end {
                    playing.set(false);
                } else {
                    go(now + 1);
                    tick.update(|n| *n += 1);
                }
            },
            Duration::from_millis(1000),
        );
    });
    view! {
        <section class="panel replay" aria-label=move || t().replay_title()>
            <p class="replay-step" aria-live="polite">{move || t().replay_step(step(), total())}</p>
            <div class="actions">
                <button on:click=move |_| go(0) disabled=at_start aria-label=move || t().first_step()>"⏮"</button>
                <button on:click=move |_| go(step().saturating_sub(1)) disabled=at_start
                    aria-label=move || t().previous_step()>"◀"</button>
                <button class="primary" on:click=move |_| playing.update(|p| *p = !*p)
                    aria-label=move || if playing.get() { t().pause_replay() } else { t().play_replay() }>
                    {move || if playing.get() { "⏸" } else { "▶" }}
                </button>
                <button on:click=move |_| go(step() + 1) disabled=at_end
                    aria-label=move || t().next_step()>"▶|"</button>
                <button on:click=move |_| go(total()) disabled=at_end
                    aria-label=move || t().last_step()>"⏭"</button>
            </div>
            <label class="jump">
                {move || t().jump_to_turn()}
                " "
                <input type="range" min="0" max=total step="1" prop:value=move || step().to_string()
                    on:input=move |ev| go(event_target_value(&ev).parse().unwrap_or(0))/>
            </label>
            <p>
                <button on:click=move |_| { playing.set(false); state.play_from_here() }>{move || t().play_from_here()}</button>
            </p>
        </section>
    }
}

/// Links to this deal (to play the same cards) and to this game (a replay).
#[component]
fn ShareLinks() -> impl IntoView {
    let state = expect_context::<AppState>();
    let t = move || state.t();
    let shown = RwSignal::new(None::<String>);
    let base = page_address();
    let deal = {
        let base = base.clone();
        move || {
            state.session.with(|s| {
                s.as_ref().map(|s| {
                    let r = &s.record;
                    format!(
                        "{base}?players={}&sides={}&deck={}#deal={}",
                        crate::link::players_value(&r.players, &s.seats),
                        r.sides,
                        r.deck,
                        r.seed.unwrap_or(0)
                    )
                })
            })
        }
    };
    let game = move || {
        state.session.with(|s| {
            s.as_ref()
                .map(|s| format!("{base}#{}", crate::link::record_fragment(&s.record)))
        })
    };
    let has_seed = move || {
        state
            .session
            .with(|s| s.as_ref().is_some_and(|s| s.record.seed.is_some()))
    };
    view! {
        <Show when=has_seed>
            <button on:click={
                let deal = deal.clone();
                move |_| shown.set(deal())
            }>{move || t().share_deal()}</button>
        </Show>
        <button on:click=move |_| shown.set(game())>{move || t().share_game()}</button>
        {move || shown.get().map(|url| view! {
            <label class="share">
                {t().share_hint()}
                " "
                <input type="text" readonly class="share-link" prop:value=url/>
            </label>
        })}
    }
}

/// This page's address without query and fragment.
fn page_address() -> String {
    #[cfg(target_arch = "wasm32")]
    {
        web_sys::window()
            .and_then(|w| {
                let l = w.location();
                Some(format!("{}{}", l.origin().ok()?, l.pathname().ok()?))
            })
            .unwrap_or_default()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        String::new()
    }
}
