// Runs before each integration test file: the file's database connections end when it ends.
import { afterAll } from 'vitest';
import { endPools } from '../helpers/db.ts';

afterAll(endPools);
