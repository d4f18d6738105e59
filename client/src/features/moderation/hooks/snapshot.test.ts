import t from 'tap';
import { authorText, fieldLabel, readSnapshot } from './snapshot.ts';

// The shape server/modules/reports/evidence.ts writes (version 1).
const filed = {
  version: 1,
  taken_at: '2026-11-20T10:00:00.000Z',
  reporter: { user_id: 1, profile_id: 11 },
  reported: { user_id: 2, profile_id: 22 },
  filing: { category: 'money_request', note: 'asked for $300', message_ids: [101] },
  match: { id: 5, created_at: '2026-11-19T10:00:00.000Z' },
  messages: [
    {
      id: 100,
      from_profile_id: 11,
      text: 'Hi!',
      photo_ref: null,
      photo_thumbnail_ref: null,
      upload_id: null,
      created_at: '2026-11-19T11:00:00.000Z',
    },
    {
      id: 101,
      from_profile_id: 22,
      text: 'Send me $300',
      photo_ref: null,
      photo_thumbnail_ref: null,
      upload_id: null,
      created_at: '2026-11-19T12:00:00.000Z',
    },
    {
      id: 102,
      from_profile_id: 22,
      text: null,
      photo_ref: 'media:abc',
      photo_thumbnail_ref: null,
      upload_id: 'u',
      created_at: '2026-11-19T12:01:00.000Z',
    },
  ],
  profile: {
    id: 22,
    user_id: 2,
    username: 'ethan',
    about_me: 'Pilot',
    is_demo: false,
    hobbies: ['Golf', 'Chess'],
    city: '',
    photo1_url: 'media:p1',
    weight: null,
  },
  photos: [
    { slot: 'photo1_url', ref: 'media:p1', sha256: 'ab'.repeat(32), bytes: 1234 },
    { slot: 'photo2_url', ref: '/media/old.jpg', sha256: null, bytes: null },
  ],
};

t.test('a filed snapshot: the messages by author, the named one marked; the profile; the photo hashes', async (t) => {
  const read = readSnapshot(filed);
  t.equal(read.takenAt, '2026-11-20T10:00:00.000Z');
  t.same(read.filing, { category: 'money_request', note: 'asked for $300' });
  t.same(
    read.messages.map((m) => [m.id, m.from, m.text, m.hasPhoto, m.named]),
    [
      [100, 'reporter', 'Hi!', false, false],
      [101, 'reported', 'Send me $300', false, true],
      [102, 'reported', null, true, false],
    ],
  );
  t.same(
    read.profile,
    [
      ['about_me', 'Pilot'],
      ['hobbies', 'Golf, Chess'],
      ['is_demo', 'No'],
      ['username', 'ethan'],
    ],
    'sorted; blanks, ids and photo references left out; lists joined; booleans in words',
  );
  t.same(read.photos, [
    { slot: 'photo1_url', sha256: 'ab'.repeat(32), bytes: 1234 },
    { slot: 'photo2_url', sha256: null, bytes: null },
  ]);
});

t.test('any other shape is read without throwing', async (t) => {
  for (const odd of [
    null,
    undefined,
    7,
    'text',
    [],
    { messages: 'no', profile: [], photos: [null, 3] },
    { messages: [{ from_profile_id: 'x' }] },
  ]) {
    const read = readSnapshot(odd);
    t.type(read.messages, Array);
    t.same(read.profile, []);
  }
  t.same(readSnapshot({ messages: [{ id: 1, text: 'hi' }] }).messages[0].from, 'unknown', 'no pair: the author is unknown');
});

t.test('labels', async (t) => {
  t.equal(fieldLabel('date_of_birth'), 'Date of birth');
  t.equal(fieldLabel('photo1'), 'Photo1');
  const names = { reporter: 'sofia', reported: 'ethan' };
  t.equal(authorText('reporter', names), 'sofia (reporter)');
  t.equal(authorText('reported', names), 'ethan (reported)');
  t.equal(authorText('unknown', names), 'Unknown sender');
});
