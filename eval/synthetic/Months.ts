/** The months' names in a language, as the platform's locale data (ICU) writes them: "janvier", "März". */
export const monthNames = (language: string): ReadonlyArray<string> => {
  const format = new Intl.DateTimeFormat(language, { month: "long", timeZone: "UTC" })
  return Array.from({ length: 12 }, (_, month) => format.format(new Date(Date.UTC(2020, month, 1))))
}
