/// `lists add addresses --label L --recipient R --line1 A [--line2 B] --city C [--region R]
/// --postal-code P --country CC [--phone P] [--default]`.
package enum AddAddressesSpec {
  /// `--label L`.
  package static let label = Option<String>(
    "--label", placeholder: "label", help: "A name for the address, e.g. Home.", isRequired: true)
  /// `--recipient R`.
  package static let recipient = Option<String>(
    "--recipient", placeholder: "name", help: "Who receives the parcels.", isRequired: true)
  /// `--line1 A`.
  package static let line1 = Option<String>(
    "--line1", placeholder: "text", help: "Street and number.", isRequired: true)
  /// `--line2 B`.
  package static let line2 = Option<String>(
    "--line2", placeholder: "text", help: "Apartment, floor, building.", allowsEmpty: true)
  /// `--city C`.
  package static let city = Option<String>(
    "--city", placeholder: "city", help: "The city.", isRequired: true)
  /// `--region R`.
  package static let region = Option<String>(
    "--region", placeholder: "region", help: "State, province or county.", allowsEmpty: true)
  /// `--postal-code P`.
  package static let postalCode = Option<String>(
    "--postal-code", placeholder: "code", help: "The postal code.", isRequired: true)
  /// `--country CC`.
  package static let country = Option<String>(
    "--country", placeholder: "code", help: "ISO 3166-1 alpha-2 country code, e.g. DE.",
    isRequired: true)
  /// `--phone P`.
  package static let phone = Option<String>(
    "--phone", placeholder: "phone", help: "A phone number for the courier.", allowsEmpty: true)
  /// `--default`.
  package static let makeDefault = Flag(
    "--default", help: "Make it the default address (the previous default stops being one).")

  /// The command.
  package static let command = CommandSpec(
    name: "addresses", abstract: "Adds a shipping address.", id: .add(.addresses),
    options: [
      label.spec, recipient.spec, line1.spec, line2.spec, city.spec, region.spec,
      postalCode.spec, country.spec, phone.spec, makeDefault.spec,
    ])
}
