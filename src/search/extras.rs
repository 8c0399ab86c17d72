//! The engine's extras as one declared table: [`search_config!`] turns each
//! row (doc comment, name, field, values off and on, whether the engine plays
//! with it) into the field of [`SearchConfig`](super::SearchConfig), its entry
//! in [`ENGINE_EXTRAS`](super::limits::ENGINE_EXTRAS) (what `ply list`, `ply
//! match` and the UCI `Extras` option show), and its arm of `switch`. Adding an
//! extra is one row; removing one is deleting its row and its code.

/// One engine extra as the table declares it, for help texts and option lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExtraInfo {
    /// The name `with=NAME`, `no=NAME` and the UCI `Extras` option take.
    pub name: &'static str,
    /// True when the full engine plays with it.
    pub engine: bool,
    /// What it does, from the field's doc comment (lines joined by newlines).
    pub help: &'static str,
}

impl ExtraInfo {
    /// The help text's first sentence, on one line, for lists.
    pub fn summary(&self) -> String {
        let text = self.help.split_whitespace().collect::<Vec<_>>().join(" ");
        match text.find(". ") {
            Some(end) => text[..=end].to_string(),
            None => text,
        }
    }
}

/// Whether a row marked `engine` or `off` is on in the full engine.
macro_rules! extra_default {
    (engine) => {
        true
    };
    (off) => {
        false
    };
}

/// Declares [`SearchConfig`](super::SearchConfig): its plain fields with their
/// values in plain alpha-beta, then the engine's extras, one row each.
macro_rules! search_config {
    (
        $(#[$meta:meta])*
        pub struct $name:ident ($plain:ident $arg:ident) {
            $( $(#[doc = $fdoc:literal])* $field:ident : $fty:ty = $fplain:expr, )*
        }
        extras {
            $(
                $(#[doc = $edoc:literal])*
                $ename:literal => $efield:ident : $ety:ty = [$off:expr, $on:expr] $default:ident,
            )*
        }
    ) => {
        $(#[$meta])*
        pub struct $name {
            $( $(#[doc = $fdoc])* pub $field: $fty, )*
            $( $(#[doc = $edoc])* pub $efield: $ety, )*
        }

        /// The engine's extras in the order the table declares them.
        pub const ENGINE_EXTRAS: &[super::extras::ExtraInfo] = &[
            $(
                super::extras::ExtraInfo {
                    name: $ename,
                    engine: extra_default!($default),
                    help: concat!($($edoc, "\n"),*),
                },
            )*
        ];

        impl $name {
            /// Plain alpha-beta: every field at its plain value, every extra off.
            fn $plain($arg: Limits) -> $name {
                $name {
                    $( $field: $fplain, )*
                    $( $efield: $off, )*
                }
            }

            /// This configuration with the extras the full engine plays with
            /// switched on and the others off.
            fn with_engine_extras(self) -> $name {
                $name {
                    $( $efield: if extra_default!($default) { $on } else { $off }, )*
                    ..self
                }
            }

            /// Turns one of the engine's extras on or off by its name (`no=futility`,
            /// `with=lmp`), so that two settings of one build can be played
            /// against each other; an unknown name is refused with the list.
            pub fn switch(&mut self, name: &str, on: bool) -> Result<(), super::SearchError> {
                match name {
                    $( $ename => self.$efield = if on { $on } else { $off }, )*
                    _ => {
                        return Err(super::SearchError::UnknownExtra {
                            name: name.to_string(),
                            known: ENGINE_EXTRAS.iter().map(|e| e.name).collect(),
                        });
                    }
                }
                Ok(())
            }
        }
    };
}
