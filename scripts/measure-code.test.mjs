// What scripts/measure-code.mjs counts each item of a module as, on names
// twiggy reads from the page's main module.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { crateOf, demangled, kindOf } from './measure-code.mjs';

test('a function is its crate’s, or its trait’s where it is made concrete for a type parameter', () => {
  assert.equal(crateOf('majesty_web::model::link::Link::parse::h0123456789abcdef'), 'majesty_web');
  assert.equal(crateOf('<T as tachys::view::any_view::IntoAny>::into_any::build'), 'tachys');
  assert.equal(crateOf('<core::iter::adapters::filter_map::FilterMap<I,F> as core::iter::traits::iterator::Iterator>::next'), 'core');
  assert.equal(crateOf('<dlmalloc[e24a27700634d609]::dlmalloc::Dlmalloc<dlmalloc[e24a27700634d609]::sys::System>>::malloc'), 'dlmalloc');
  assert.equal(crateOf('<&mut serde_json::de::Deserializer<R> as serde_core::de::Deserializer>::deserialize_any'), 'serde_json');
  assert.equal(crateOf('<[u8]>::starts_with'), 'core');
  assert.equal(crateOf('__externref_table_alloc'), 'wasm_bindgen');
});

test('a name wasm-bindgen left mangled is read as a path', () => {
  assert.equal(demangled('_ZN11majesty_web4play5board6motion3dom10Animatable7animateE'), 'majesty_web::play::board::motion::dom::Animatable::animate');
  assert.equal(demangled('tachys::html::element'), 'tachys::html::element');
});

test('the app’s code is counted by its folder, the board’s by its own', () => {
  assert.equal(kindOf('majesty_web::play::board::display::__component_display::{{closure}}'), 'the app: play::board');
  assert.equal(kindOf('majesty_web::app::__component_app::{{closure}}'), 'the app: app');
  assert.equal(kindOf('majesty_web::model::link::Link::parse'), 'the app: model');
  assert.equal(kindOf('_ZN11majesty_web5shell5stats11stats_panelE'), 'the app: shell');
  assert.equal(kindOf('majesty_rules::game::Game::apply'), 'the rules (majesty-rules, -ai, -content)');
  assert.equal(kindOf('reactive_graph::effect::effect::Effect<S>::new'), 'Leptos');
  assert.equal(kindOf('data segment ".rodata_5"'), 'data (texts, tables)');
  assert.equal(kindOf('elem[0]'), 'tables, types, imports, exports');
  assert.equal(kindOf('code[12]'), 'functions without a name');
  assert.equal(kindOf('qrcodegen::QrCode::encode_text'), 'other crates (qrcodegen)');
});

test('the splitter’s calls between modules are counted apart', () => {
  const shim = '_ZN78_$LT$T$u20$as$u20$tachys..html..attribute..any_attribute..IntoAnyAttribute$GT$13into_any_attr5build17h8e2e66ec9a41415dE indirect_call_shim';
  assert.match(demangled(shim), /^<T as tachys::html::attribute::any_attribute::IntoAnyAttribute>::into_any_attr::build/);
  assert.equal(kindOf(shim), "the split's calls between modules");
});
