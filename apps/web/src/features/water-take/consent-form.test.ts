import type { WaterConsent } from '@paddock/domain';
import { describe, expect, it } from 'vitest';
import { checkConsent, consentBody, draftOf, type ConsentDraft } from './consent-form.ts';

const draft = (changes: Partial<ConsentDraft> = {}): ConsentDraft => ({
  consentNumber: 'CRC182345',
  label: 'Irrigation take',
  maxRateLps: '60',
  maxDailyVolumeM3: '2500',
  meters: [{ sensor: '7', verifiedOn: '2024-10-14' }],
  ...changes,
});

describe('the water consent form', () => {
  it('sends what was typed, trimmed, limits as numbers, empty ones as none', () => {
    expect(consentBody(draft({ consentNumber: ' CRC1 ', label: ' ', maxRateLps: '' }))).toEqual({
      consentNumber: 'CRC1',
      label: null,
      maxRateLps: null,
      maxDailyVolumeM3: 2500,
      meters: [{ sensor: 7, verifiedOn: '2024-10-14' }],
    });
    expect(consentBody(draft({ meters: [{ sensor: '7', verifiedOn: '' }] }))?.meters).toEqual([
      { sensor: 7, verifiedOn: null },
    ]);
  });

  it('names each field that is wrong, and sends nothing then', () => {
    const wrong = draft({
      consentNumber: '  ',
      maxRateLps: '-1',
      maxDailyVolumeM3: '2000000',
      meters: [
        { sensor: '7', verifiedOn: '14.10.2024' },
        { sensor: '', verifiedOn: '' },
        { sensor: '7', verifiedOn: '' },
      ],
    });
    expect(checkConsent(wrong)).toEqual({
      consentNumber: 'WaterTake.Edit.NumberRequired',
      maxRateLps: 'WaterTake.Edit.Positive',
      maxDailyVolumeM3: 'WaterTake.Edit.AtMost',
      'meters.0.verifiedOn': 'WaterTake.Edit.BadDate',
      'meters.1.sensor': 'WaterTake.Edit.PickMeter',
      'meters.2.sensor': 'WaterTake.Edit.MeterTwice',
    });
    expect(consentBody(wrong)).toBeNull();
    expect(checkConsent(draft({ meters: [] }))).toEqual({
      meters: 'WaterTake.Edit.MeterRequired',
    });
    expect(checkConsent(draft({ maxRateLps: 'abc' }))).toEqual({
      maxRateLps: 'WaterTake.Edit.Positive',
    });
  });

  it('starts from the consent edited, or from one empty meter row for a new one', () => {
    const consent: WaterConsent = {
      id: 1,
      site: 2,
      consentNumber: 'CRC182345',
      label: null,
      maxRateLps: 60,
      maxDailyVolumeM3: null,
      meters: [
        {
          sensor: 7,
          verifiedOn: null,
          label: 'Pivot meter',
          serialno: null,
          verificationDue: true,
        },
      ],
      modifiedAt: '2026-11-21T09:00:00.000Z',
    };
    expect(draftOf(consent)).toEqual({
      consentNumber: 'CRC182345',
      label: '',
      maxRateLps: '60',
      maxDailyVolumeM3: '',
      meters: [{ sensor: '7', verifiedOn: '' }],
    });
    expect(draftOf(null).meters).toEqual([{ sensor: '', verifiedOn: '' }]);
  });
});
