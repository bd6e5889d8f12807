import { describe, expect, it } from 'vitest';
import { ownerTimeZone, readOwnerTimeZone, saveOwnerTimeZone } from '~/time-zone/owner-time-zone.server';
import { ENGINES, useEngine } from '../helpers/suite/db-engines';

/**
 * Her time zone in the store, on both engines: UTC until anything is kept,
 * her browser's fills it only while she has not chosen one, her choice wins
 * from then on, and a name that is not a time zone keeps nothing.
 */
describe.each(ENGINES)('on %s', (_name, start) => {
  const engine = useEngine(start);

  it('is UTC at first, her browser’s on her first visit, and hers once she chooses', async () => {
    expect(await readOwnerTimeZone()).toEqual({ zone: 'UTC', chosenBy: null });

    expect((await saveOwnerTimeZone('Europe/Amsterdam', 'browser')).answer.state).toBe('saved');
    expect(await readOwnerTimeZone()).toEqual({ zone: 'Europe/Amsterdam', chosenBy: 'browser' });
    // Another browser of hers (a laptop set elsewhere) does not move it.
    expect((await saveOwnerTimeZone('America/New_York', 'browser')).answer.state).toBe('kept');

    expect(await saveOwnerTimeZone('Asia/Tokyo', 'owner')).toMatchObject({ status: 200, answer: { state: 'saved', zone: 'Asia/Tokyo' } });
    expect((await saveOwnerTimeZone('Europe/Amsterdam', 'browser')).answer.state).toBe('kept');
    expect(await readOwnerTimeZone()).toEqual({ zone: 'Asia/Tokyo', chosenBy: 'owner' });
    expect(await ownerTimeZone()).toBe('Asia/Tokyo');

    expect((await saveOwnerTimeZone('Mars/Olympus', 'owner')).status).toBe(400);
    const [row] = await engine.db.query<{ zone: string }>('SELECT zone FROM owner_time_zone');
    expect(row?.zone).toBe('Asia/Tokyo');
  });

  it('refuses a name that is not a time zone in the database too', async () => {
    await expect(engine.db.query(`UPDATE owner_time_zone SET zone = 'Europe/Amsterdam; DROP TABLE x'`)).rejects.toThrow();
  });
});
