// Starts the search worker (src/bin/search_worker.rs), which Trunk builds as
// search_worker.js and search_worker_bg.wasm (no-modules glue, which defines
// `wasm_bindgen`). A module that cannot load is said to the page as a failed
// reply, so the page thinks by itself instead (src/play/bot_driver.rs).
// All three sit in the build's folder (scripts/post-build.mjs).
importScripts('./search_worker.js');
wasm_bindgen({ module_or_path: './search_worker_bg.wasm' }).catch(function (error) {
  postMessage(JSON.stringify({ failed: { id: null, reason: 'the search module could not start: ' + error } }));
});
