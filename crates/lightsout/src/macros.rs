//! Macros used across the crate.

/// Inline `pub` accessors for fields, each with its doc comment: `name: Type` returns a
/// copy of field `name`, `name: &Type` borrows it, and `name: &mut Type = field` borrows
/// `field` mutably.
///
/// ```text
/// impl BitVec {
///     accessors! {
///         /// The packed words.
///         words: &[u64],
///         /// The packed words, mutable.
///         words_mut: &mut [u64] = words,
///     }
/// }
/// ```
macro_rules! accessors {
    () => {};
    ($(#[$doc:meta])* $name:ident: &mut $t:ty = $field:ident, $($rest:tt)*) => {
        $(#[$doc])*
        #[inline]
        pub fn $name(&mut self) -> &mut $t {
            &mut self.$field
        }
        accessors!($($rest)*);
    };
    ($(#[$doc:meta])* $name:ident: &$t:ty, $($rest:tt)*) => {
        $(#[$doc])*
        #[inline]
        pub fn $name(&self) -> &$t {
            &self.$name
        }
        accessors!($($rest)*);
    };
    ($(#[$doc:meta])* $name:ident: $t:ty, $($rest:tt)*) => {
        $(#[$doc])*
        #[inline]
        pub fn $name(&self) -> $t {
            self.$name
        }
        accessors!($($rest)*);
    };
}
