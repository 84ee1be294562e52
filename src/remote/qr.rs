//! A link's QR code, drawn as inline SVG (qrcodegen, no network service).

use leptos::prelude::*;
use qrcodegen::{QrCode, QrCodeEcc};

/// The dark modules of `text`'s QR code as one SVG path, and the code's
/// width with its quiet zone (4 modules each side); None if it does not fit
/// in a QR code.
pub fn qr_path(text: &str) -> Option<(String, i32)> {
    const QUIET: i32 = 4;
    let code = QrCode::encode_text(text, QrCodeEcc::Low).ok()?;
    let size = code.size();
    let mut path = String::new();
    for y in 0..size {
        for x in 0..size {
            if code.get_module(x, y) {
                path.push_str(&format!("M{} {}h1v1h-1z", x + QUIET, y + QUIET));
            }
        }
    }
    Some((path, size + 2 * QUIET))
}

/// The QR code of `text`: black on white in both themes (what cameras read).
pub fn qr_view(text: &str, label: String) -> impl IntoView {
    qr_path(text).map(|(path, width)| {
        view! {
            <svg class="qr" viewBox=format!("0 0 {width} {width}") role="img" aria-label=label
                shape-rendering="crispEdges">
                <rect width=width height=width fill="#fff"/>
                <path d=path fill="#000"/>
            </svg>
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_link_fits_a_qr_code() {
        let link = format!(
            "https://example.github.io/majesty/#play={}",
            "A".repeat(180)
        );
        let (path, width) = qr_path(&link).unwrap();
        assert!(width > 21 && width < 100, "{width}");
        assert!(path.starts_with('M'));
    }

    /// A live game's invitation or answer with a TURN relay (168
    /// characters after `#live=`, `remote::live::signal`): a QR code of
    /// version 9 at most (53 modules), which a phone reads from a screen.
    #[test]
    fn a_live_link_fits_a_small_qr_code() {
        let link = format!(
            "https://example.github.io/majesty/#answer={}",
            "A".repeat(168)
        );
        let (_, width) = qr_path(&link).unwrap();
        assert!(width - 8 <= 53, "{} modules", width - 8);
    }
}
