import type { ESLint, Rule } from 'eslint';

export declare const importBoundaries: Rule.RuleModule;
export declare const noAppCycle: Rule.RuleModule;
declare const plugin: ESLint.Plugin;
export default plugin;
