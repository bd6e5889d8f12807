import { describe, expect, it } from 'vitest';
import { timelineLabel, yearsOf } from '~/content/timeline-years';

describe('the years of a case study’s timeline, for the plain list of her work', () => {
  it('one year, or the first and the last', () => {
    expect(yearsOf('2023')).toBe('2023');
    expect(yearsOf('Spring 2023')).toBe('2023');
    expect(yearsOf('Mar 2022 – Jan 2024')).toBe('2022–2024');
    expect(yearsOf('2021-2022')).toBe('2021–2022');
    expect(yearsOf('Jan–Apr 2019, then 2019 again')).toBe('2019');
    expect(yearsOf('2024 to 2020')).toBe('2020–2024');
  });

  it('none in a length or in other numbers', () => {
    expect(yearsOf('6 months')).toBeNull();
    expect(yearsOf('12 weeks, 3000 users')).toBeNull();
    expect(yearsOf('Q3')).toBeNull();
  });

  it('the timeline as she wrote it when it names no year', () => {
    expect(timelineLabel('6 months')).toBe('6 months');
    expect(timelineLabel('Mar 2022 – Jan 2024')).toBe('2022–2024');
  });
});
