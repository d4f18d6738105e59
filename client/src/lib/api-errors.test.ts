import t from 'tap';
import { ApiError, ERROR_MESSAGES, errorMessage, serverMessage } from './api-errors.ts';

t.test('no response is a network error', async (t) => {
  t.equal(errorMessage(undefined), 'Network error. Please check your connection.');
  t.equal(new ApiError(undefined, undefined).message, ERROR_MESSAGES.network);
});

t.test('401, 403, 404 and 5xx have fixed messages', async (t) => {
  t.equal(errorMessage(401, { error: 'x' }), 'Session expired. Please sign in again.');
  t.equal(errorMessage(403, { error: 'x' }), 'You do not have permission to perform this action.');
  t.equal(errorMessage(404, { detail: 'x' }), 'Resource not found.');
  t.equal(errorMessage(500, { error: 'boom' }), 'Server error. Please try again later.');
  t.equal(errorMessage(503), 'Server error. Please try again later.');
});

t.test('400 uses error, then detail, then message, else Invalid request', async (t) => {
  t.equal(errorMessage(400, { error: 'Bad phone', detail: 'd', message: 'm' }), 'Bad phone');
  t.equal(errorMessage(400, { detail: 'Detail text', message: 'm' }), 'Detail text');
  t.equal(errorMessage(400, { message: 'Message text' }), 'Message text');
  t.equal(errorMessage(400, { error: '' }), 'Invalid request');
  t.equal(errorMessage(400, 'plain text'), 'Invalid request');
  t.equal(errorMessage(400), 'Invalid request');
});

t.test('other statuses use the server message else An error occurred', async (t) => {
  t.equal(errorMessage(409, { error: 'This username is already taken' }), 'This username is already taken');
  t.equal(errorMessage(429, {}), 'An error occurred');
  t.equal(errorMessage(422, null), 'An error occurred');
});

t.test('serverMessage ignores non-strings', async (t) => {
  t.equal(serverMessage({ error: { nested: true }, detail: 'ok' }), 'ok');
  t.equal(serverMessage(null), undefined);
});
