// The one inline script of the listing (see ListingSection.astro). It must run while the page is
// parsed, before the island, so it cannot be a bundled module; its text is a constant so that
// the page's Content-Security-Policy can allow it by hash (BaseLayout.astro, ADR 0013).
export const LISTING_PENDING_SCRIPT =
  "(function(){var q=new URLSearchParams(location.search);q.delete('lan');var r=document.currentScript&&document.currentScript.previousElementSibling;if(r&&q.toString())r.setAttribute('data-pending','')})();";
