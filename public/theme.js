// The theme the player chose (src/prefs.rs), set before the first paint so
// that a dark choice never flashes light. Without a choice, the page follows
// prefers-color-scheme (style/theme.css).
try {
  const theme = JSON.parse(localStorage.getItem('majesty.theme'));
  if (theme === 'light' || theme === 'dark') document.documentElement.dataset.theme = theme;
} catch (_) { /* no storage, or not JSON: the browser's theme */ }
