// One offline map tile (a light grid, SVG data URL) so the Leaflet stories make no network calls.
export const SAMPLE_TILE = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="256" height="256" fill="#eef2e6"/><path d="M0 128H256M128 0V256" stroke="#c9d3bd" stroke-width="2"/><path d="M0 40C80 60 160 20 256 50" stroke="#9ec5e8" stroke-width="6" fill="none"/></svg>',
)}`;
