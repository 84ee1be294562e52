//! The page's short lists in order, without the standard library's sort.
//!
//! `slice::sort` and `sort_unstable` are several kilobytes of WebAssembly
//! for each type they sort (driftsort and ipnsort, made concrete per type),
//! and every type sorted by the main module's code added that to the first
//! load. The lists sorted there are short (a few trades, the kept games'
//! keys, a language's few hundred messages once), so each item is put in
//! its place as it comes: a few dozen bytes per type.

/// `items` in ascending order (equal items keep their order).
pub fn sorted<T: Ord>(items: impl IntoIterator<Item = T>) -> Vec<T> {
    sorted_by_key(items, |item| item)
}

/// `items` in ascending order of `key` (items of equal keys keep their
/// order).
pub fn sorted_by_key<T, K: Ord + ?Sized>(
    items: impl IntoIterator<Item = T>,
    key: impl Fn(&T) -> &K,
) -> Vec<T> {
    let mut out: Vec<T> = Vec::new();
    for item in items {
        let at = out.partition_point(|placed| key(placed) <= key(&item));
        out.insert(at, item);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_order_as_the_standard_sort() {
        // A fixed pseudo-random sequence with many repeats.
        let mut x: u32 = 12345;
        let items: Vec<u32> = (0..500)
            .map(|_| {
                x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
                (x >> 16) % 50
            })
            .collect();
        let mut expected = items.clone();
        expected.sort();
        assert_eq!(sorted(items), expected);
        assert_eq!(sorted(Vec::<u32>::new()), Vec::<u32>::new());
        assert_eq!(sorted([3]), vec![3]);
    }

    #[test]
    fn equal_keys_keep_their_order() {
        let pairs = [("b", 1), ("a", 2), ("b", 3), ("a", 4), ("c", 5)];
        let by_key = sorted_by_key(pairs, |(k, _)| k);
        assert_eq!(
            by_key,
            vec![("a", 2), ("a", 4), ("b", 1), ("b", 3), ("c", 5)]
        );
    }
}
