/** The Mantine theme: the spec's status colours (§9) as named palettes, so `color="fault"` works. */
import { colorsTuple, createTheme } from '@mantine/core';
import { COLOURS } from '@paddock/domain';

export const theme = createTheme({
  primaryColor: 'blue',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  colors: {
    fault: colorsTuple(COLOURS.fault),
    warning: colorsTuple(COLOURS.warning),
    info: colorsTuple(COLOURS.info),
    running: colorsTuple(COLOURS.running),
    irrigated: colorsTuple(COLOURS.irrigated),
    stopped: colorsTuple(COLOURS.stopped),
    paused: colorsTuple(COLOURS.paused),
    test: colorsTuple(COLOURS.test),
    selected: colorsTuple(COLOURS.selected),
  },
});
