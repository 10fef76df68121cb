export * from './patterns'
export * as rules from './rules'
export { describeIssue, type IssueDescription } from './rules'
