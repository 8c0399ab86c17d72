//! Hints to the operating system about large tables (the search's transposition
//! table, Connect Four's solver table): probes land anywhere in them, so with
//! 4 KiB pages nearly every probe also misses the TLB. Only hints: the tables work
//! the same without them.

/// Asks Linux to back the memory `vec` has reserved (its whole capacity, touched or
/// not) with 2 MiB pages where they fit.
#[cfg(target_os = "linux")]
pub fn advise_huge_pages<T>(vec: &Vec<T>) {
    const HUGE_PAGE: usize = 2 << 20;
    let start = vec.as_ptr() as usize;
    let end = start + vec.capacity() * std::mem::size_of::<T>();
    let aligned_start = start.next_multiple_of(HUGE_PAGE);
    let aligned_end = end / HUGE_PAGE * HUGE_PAGE;
    if aligned_end > aligned_start {
        // SAFETY: the range lies inside the live allocation of `vec`, and
        // MADV_HUGEPAGE changes how its pages are backed, never their contents.
        unsafe {
            libc::madvise(
                aligned_start as *mut libc::c_void,
                aligned_end - aligned_start,
                libc::MADV_HUGEPAGE,
            );
        }
    }
}

/// Elsewhere there is nothing to ask.
#[cfg(not(target_os = "linux"))]
pub fn advise_huge_pages<T>(_vec: &Vec<T>) {}
