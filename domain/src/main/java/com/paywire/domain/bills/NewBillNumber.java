package com.paywire.domain.bills;

/**
 * A bill number to save (docs/interface.md#bills).
 *
 * @param service the service as the client named it: serviceId (integer or GUID) or serviceCode
 */
public record NewBillNumber(String service, String accountNumber, String phoneNumber, String transactionDesc,
                            Boolean remindMeDueDate) {
}
