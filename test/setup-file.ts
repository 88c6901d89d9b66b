/**
 * vitest's setup file (vitest.config.ts `setupFiles`), run before each test file in that file's
 * scope, even though the files of a worker share their modules: each file's temporary folders are
 * removed when it ends (test/file-cleanup.ts).
 */
import { afterAll } from "vitest";
import { removeFileLeftovers } from "./file-cleanup.js";

afterAll(removeFileLeftovers);
