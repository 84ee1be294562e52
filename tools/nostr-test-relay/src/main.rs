//! A Nostr relay (NIP-01) in memory on 127.0.0.1, for the browser tests:
//! rust-nostr's `LocalRelay`, which checks every event's id and signature
//! before it forwards or stores it.
//!
//! Usage: nostr-test-relay [--port N] [--notes-per-minute N] [--exit-on-stdin-close]
//!
//! Prints its URL (`ws://127.0.0.1:PORT`) on the first line of standard
//! output once it listens; without --port, on a free port. Runs until
//! SIGINT or SIGTERM, or, with --exit-on-stdin-close, until its standard
//! input closes (so that it never outlives the test that started it).

use std::io::Write;
use std::net::{IpAddr, Ipv4Addr};
use std::process::ExitCode;

use nostr_relay_builder::prelude::*;
use tokio::signal::unix::{signal, SignalKind};

struct Options {
    port: Option<u16>,
    notes_per_minute: u32,
    exit_on_stdin_close: bool,
}

fn parse(mut args: impl Iterator<Item = String>) -> Result<Options, String> {
    // The relay's default is 60 events a minute per connection; the tests
    // publish a handful per page, in bursts.
    let mut options = Options {
        port: None,
        notes_per_minute: 6000,
        exit_on_stdin_close: false,
    };
    while let Some(arg) = args.next() {
        let mut number = |name: &str| {
            args.next()
                .and_then(|v| v.parse::<u32>().ok())
                .ok_or_else(|| format!("{name} needs a number"))
        };
        match arg.as_str() {
            "--port" => {
                let port = number("--port")?;
                options.port =
                    Some(u16::try_from(port).map_err(|_| "--port: at most 65535".to_string())?);
            }
            "--notes-per-minute" => options.notes_per_minute = number("--notes-per-minute")?,
            "--exit-on-stdin-close" => options.exit_on_stdin_close = true,
            "--version" | "-V" => {
                println!("nostr-test-relay {}", env!("CARGO_PKG_VERSION"));
                std::process::exit(0);
            }
            other => return Err(format!("unknown argument {other}")),
        }
    }
    Ok(options)
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> ExitCode {
    let options = match parse(std::env::args().skip(1)) {
        Ok(options) => options,
        Err(e) => {
            eprintln!("nostr-test-relay: {e}");
            eprintln!(
                "usage: nostr-test-relay [--port N] [--notes-per-minute N] [--exit-on-stdin-close]"
            );
            return ExitCode::from(2);
        }
    };
    let mut builder = RelayBuilder::default()
        .addr(IpAddr::V4(Ipv4Addr::LOCALHOST))
        .rate_limit(RateLimit {
            max_reqs: 500,
            notes_per_minute: options.notes_per_minute,
        });
    if let Some(port) = options.port {
        builder = builder.port(port);
    }
    let relay = LocalRelay::new(builder);
    if let Err(e) = relay.run().await {
        eprintln!("nostr-test-relay: cannot listen: {e}");
        return ExitCode::FAILURE;
    }
    let mut out = std::io::stdout();
    let _ = writeln!(out, "{}", relay.url().await);
    let _ = out.flush();

    if options.exit_on_stdin_close {
        std::thread::spawn(|| {
            let _ = std::io::copy(&mut std::io::stdin(), &mut std::io::sink());
            std::process::exit(0);
        });
    }
    let (Ok(mut term), Ok(mut int)) = (
        signal(SignalKind::terminate()),
        signal(SignalKind::interrupt()),
    ) else {
        eprintln!("nostr-test-relay: cannot wait for signals");
        return ExitCode::FAILURE;
    };
    tokio::select! {
        _ = term.recv() => {}
        _ = int.recv() => {}
    }
    relay.shutdown();
    ExitCode::SUCCESS
}
