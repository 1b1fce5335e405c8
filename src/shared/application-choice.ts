/**
 * An application (issue 29) arrives as an inquiry whose choice is "Application: {litter}": the
 * notices, the inbox and the CSV tell it apart by this prefix (the answers are in
 * applications.json beside it, decision 131).
 */
export const APPLICATION_CHOICE_PREFIX = 'Application: ';
export const applicationChoice = (litterName: string) => `${APPLICATION_CHOICE_PREFIX}${litterName}`;
