/** Line colours in series order; the first is the §9 running blue, then irrigated green etc. */
const SERIES_COLOURS = ['#448AFF', '#4CAF50', '#FFB300', '#9c28b7', '#F44336', '#03A9F4'];

export const seriesColour = (metric: number): string =>
  SERIES_COLOURS[metric % SERIES_COLOURS.length] ?? '#448AFF';

/** The high-low band: the line colour at a quarter strength. */
export const bandFill = (colour: string): string => `${colour}40`;

export const AXIS_COLOUR = '#495057';
export const GRID_COLOUR = 'rgba(0, 0, 0, 0.08)';
