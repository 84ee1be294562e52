//! What the page's first module asks of its parts, and what a part keeps
//! between the browser's callbacks: one slot per type, filled at run time.
//!
//! A part's code is named only through its split points (src/parts/), and
//! no constant may point at it: the splitter keeps every function the main
//! module's data points at in the main module. So each part hands the page
//! its answers when it runs, as a value of a type that the module asking
//! declares (the part fills that type's slot, the page reads it, and the
//! compiler checks both against the type):
//!
//! | slot | declared in | filled by |
//! | --- | --- | --- |
//! | `model::reader::Reader` | the record reader's gate | the part `reader` |
//! | `state::Teller` | the page's state (a problem told in words) | the app |
//! | `model::embed::Waiting` | the embedding page's news | the part `embed` (`opening::host`) |
//! | `remote::live::gate::Hooks`, `gate::Confirm`, `gate::AppOwner` | the live gate | the part `live`, the board, the app |
//! | `play::tutorial::Hooks` | the tutorial's gate | the part `tutorial` |
//! | `play::board::motion::Play` | the board's moves | the part `motion` |
//!
//! Parts that answer the browser's callbacks (a data channel's message, a
//! worker's reply, a timer) keep what they know in slots of their own types
//! too (`remote::live`, its `meeting`, `play::bot_driver`,
//! `play::coach::runner`, `play::puzzles`, `parts::missing`): those callbacks run outside any reactive owner, so
//! Leptos's context, which is the same kind of map tied to an owner, cannot
//! reach them.
//!
//! Values are read by cloning them out ([`get`]), so that a hook called
//! with what it returned may use the registry again.

use std::any::{Any, TypeId};
use std::cell::RefCell;
use std::rc::Rc;

type Slot = (TypeId, Rc<dyn Any>);

thread_local! {
    /// The one registry: a part's hooks exist only once its code has run,
    /// and they are called from code with no owner or state at hand (the
    /// model's readers, the browser's callbacks), so they cannot be a
    /// constant nor a context.
    static SLOTS: RefCell<Vec<Slot>> = const { RefCell::new(Vec::new()) };
}

/// Fills `T`'s slot with `value` (replacing what was there). `value` is
/// kept as made at run time: a part's hooks must never be folded into a
/// constant (see the module's comment).
pub fn fill<T: 'static>(value: T) {
    let value: Rc<dyn Any> = Rc::new(std::hint::black_box(value));
    let id = TypeId::of::<T>();
    let old = SLOTS.with_borrow_mut(|slots| match slots.iter_mut().find(|(t, _)| *t == id) {
        Some((_, slot)) => Some(std::mem::replace(slot, value)),
        None => {
            slots.push((id, value));
            None
        }
    });
    // Dropped with nothing borrowed (a value's drop may use the registry).
    drop(old);
}

/// `T`'s slot emptied; what it held.
pub fn take<T: Clone + 'static>() -> Option<T> {
    let id = TypeId::of::<T>();
    let taken = SLOTS.with_borrow_mut(|slots| {
        let at = slots.iter().position(|(t, _)| *t == id)?;
        Some(slots.swap_remove(at).1)
    })?;
    taken.downcast_ref::<T>().cloned()
}

/// What `T`'s slot holds, if it is filled.
pub fn get<T: Clone + 'static>() -> Option<T> {
    let id = TypeId::of::<T>();
    let held = SLOTS.with_borrow(|slots| {
        slots
            .iter()
            .find(|(t, _)| *t == id)
            .map(|(_, v)| Rc::clone(v))
    })?;
    held.downcast_ref::<T>().cloned()
}

/// Whether `T`'s slot is filled.
pub fn filled<T: 'static>() -> bool {
    let id = TypeId::of::<T>();
    SLOTS.with_borrow(|slots| slots.iter().any(|(t, _)| *t == id))
}

/// `T`'s slot, filled with `T::default()` the first time it is asked for
/// (a part's own state, shared by its callbacks).
pub fn kept<T: Clone + Default + 'static>() -> T {
    if let Some(value) = get::<T>() {
        return value;
    }
    let value = T::default();
    fill(value.clone());
    value
}

/// A part's own state kept in its slot, used as a thread-local's would be.
pub trait Held<T> {
    fn with_borrow<R>(&self, f: impl FnOnce(&T) -> R) -> R;
    fn with_borrow_mut<R>(&self, f: impl FnOnce(&mut T) -> R) -> R;
    /// Puts `value` in, dropping the value before once nothing is borrowed.
    fn set(&self, value: T);
}

impl<T> Held<T> for RefCell<T> {
    fn with_borrow<R>(&self, f: impl FnOnce(&T) -> R) -> R {
        f(&self.borrow())
    }

    fn with_borrow_mut<R>(&self, f: impl FnOnce(&mut T) -> R) -> R {
        f(&mut self.borrow_mut())
    }

    fn set(&self, value: T) {
        drop(self.replace(value));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Copy, Debug, PartialEq)]
    struct Answer(u32);

    #[derive(Clone, Copy, Debug, PartialEq)]
    struct Other(u32);

    #[test]
    fn each_type_has_its_own_slot() {
        assert_eq!(get::<Answer>(), None);
        fill(Answer(1));
        fill(Other(2));
        assert_eq!(get::<Answer>(), Some(Answer(1)));
        fill(Answer(3));
        assert_eq!(get::<Answer>(), Some(Answer(3)));
        assert_eq!(take::<Answer>(), Some(Answer(3)));
        assert!(!filled::<Answer>());
        assert_eq!(get::<Other>(), Some(Other(2)));
    }

    #[test]
    fn a_kept_value_is_made_once() {
        let first: Rc<RefCell<Vec<u8>>> = kept();
        first.borrow_mut().push(1);
        let again: Rc<RefCell<Vec<u8>>> = kept();
        assert_eq!(*again.borrow(), vec![1]);
    }
}
