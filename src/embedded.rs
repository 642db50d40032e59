//! Files embedded at build time by `build.rs`: every `locales/**` and `templates/**` file
//! as (path relative to its folder, contents).

include!(concat!(env!("OUT_DIR"), "/embedded.rs"));
