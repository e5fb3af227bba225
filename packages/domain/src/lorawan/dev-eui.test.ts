import { describe, expect, it } from 'vitest';
import { DEV_EUI_MESSAGE, devEuiSchema, normaliseDevEui } from './dev-eui.ts';

describe('normaliseDevEui', () => {
  it.each([
    ['70B3D57ED005A1C2', '70B3D57ED005A1C2'],
    ['70b3d57ed005a1c2', '70B3D57ED005A1C2'],
    ['70-B3-D5-7E-D0-05-A1-C2', '70B3D57ED005A1C2'],
    ['70:b3:d5:7e:d0:05:a1:c2', '70B3D57ED005A1C2'],
    ['  a840414d8182f1b3 ', 'A840414D8182F1B3'],
    ['0000000000000001', '0000000000000001'],
  ])('reads %j as %s', (text, devEui) => {
    expect(normaliseDevEui(text)).toBe(devEui);
  });

  it.each([
    ['all zeros (an unprovisioned device)', '0000000000000000'],
    ['all zeros with separators', '00-00-00-00-00-00-00-00'],
    ['15 digits', '70B3D57ED005A1C'],
    ['17 digits', '70B3D57ED005A1C20'],
    ['a non-hex digit', '70B3D57ED005A1CG'],
    ['a separator inside a byte pair', '7-0B3D57ED005A1C2'],
    ['two separators in a row', '70--B3D57ED005A1C2'],
    ['a trailing separator', '70B3D57ED005A1C2-'],
    ['spaces between pairs', '70 B3 D5 7E D0 05 A1 C2'],
    ['a 0x prefix', '0x70B3D57ED005A1C2'],
    ['nothing', ''],
  ])('refuses %s', (_case, text) => {
    expect(normaliseDevEui(text)).toBeNull();
  });
});

describe('devEuiSchema', () => {
  it('gives the stored form', () => {
    expect(devEuiSchema.parse('70-b3-d5-7e-d0-05-a1-c2')).toBe('70B3D57ED005A1C2');
  });

  it('refuses with the message that says what a devEUI is', () => {
    const result = devEuiSchema.safeParse('0000000000000000');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(DEV_EUI_MESSAGE);
  });
});
